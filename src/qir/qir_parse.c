/*
 * qir_parse.c: reads the text qir_print() writes, so tests can state a QIR
 * program and its expected result as two short strings. Line oriented:
 * a header `qir vs|cs|fs [threaded]`, then `host hN OP KIND DATA[, KIND
 * DATA]` lines (the host program, dense, in order) and `uniform uN KIND
 * DATA` lines (dense, in order), then `block N:` headers (in order) and instructions.
 * `#` starts a comment. Names are looked up in the same tables the printer
 * uses. The result is not validated: call qir_validate().
 */
#include "qir/qir.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	struct qir_compile *c;
	const char *name;       /* for messages */
	const char *line;       /* start of the current line */
	const char *p;          /* cursor */
	uint32_t lineno;
	struct vc4_diag *diag;
};

static bool fail(struct parser *ps, const char *what, const char *tok, size_t len)
{
	return vc4_diag_set(ps->diag, "%s:%u:%u: %s '%.*s'", ps->name, ps->lineno,
			    (unsigned)(tok - ps->line) + 1, what, (int)len, tok);
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t')
		ps->p++;
}

/* The next token: a run of characters other than space, comma, colon, '#'
 * and end of line. Sets *len (0 at end of line). */
static const char *token(struct parser *ps, size_t *len)
{
	skip_space(ps);
	const char *t = ps->p;
	while (*ps->p && !strchr(" \t,:#\n\r", *ps->p))
		ps->p++;
	*len = (size_t)(ps->p - t);
	return t;
}

static bool at_eol(struct parser *ps)
{
	skip_space(ps);
	return !*ps->p || *ps->p == '\n' || *ps->p == '#' || *ps->p == '\r';
}

/* Parses an unsigned decimal or 0x-hex number filling exactly len bytes. */
static bool number(const char *t, size_t len, uint32_t *out)
{
	char buf[24];
	if (!len || len >= sizeof(buf))
		return false;
	memcpy(buf, t, len);
	buf[len] = '\0';
	char *end;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 0);
	if (*end || errno || v > UINT32_MAX || buf[0] == '-')
		return false;
	*out = (uint32_t)v;
	return true;
}

/* Finds `name` (len bytes) in a table of `n` strings spaced `stride` apart. */
static int lookup(const void *table, size_t n, size_t stride, const char *name, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		const char *s = *(const char *const *)((const char *)table + i * stride);
		if (s && strlen(s) == len && memcmp(s, name, len) == 0)
			return (int)i;
	}
	return -1;
}
#define LOOKUP(tab, n, name, len) lookup(tab, n, sizeof((tab)[0]), name, len)

/* A numeric operand: hex = IMM; with '.' = float small imm; else int. */
static bool parse_number_operand(const char *t, size_t len, struct qir_reg *r)
{
	char buf[40];
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, t, len);
	buf[len] = '\0';
	char *end;
	if (len > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) {
		uint32_t v;
		if (!number(t, len, &v))
			return false;
		*r = qir_reg(QIR_FILE_IMM, v);
		return true;
	}
	if (strchr(buf, '.') || strchr(buf, 'e')) {
		float f = strtof(buf, &end);
		uint32_t bits;
		memcpy(&bits, &f, sizeof(bits));
		*r = qir_small_imm(bits);
		return !*end;
	}
	long v = strtol(buf, &end, 10);
	*r = qir_small_imm((uint32_t)(int32_t)v);
	return !*end && v >= INT32_MIN && v <= INT32_MAX;
}

/* Register without suffix: -, tN, uN, vN, vpmN, a special name, a number. */
static bool parse_reg_body(struct parser *ps, const char *t, size_t len, struct qir_reg *r)
{
	static const struct { const char *prefix; enum qir_file file; } pre[] = {
		{ "vpm", QIR_FILE_VPM }, { "t", QIR_FILE_TEMP }, { "u", QIR_FILE_UNIF },
		{ "v", QIR_FILE_VARY },
	};
	if (len == 1 && t[0] == '-') {
		*r = qir_null();
		return true;
	}
	if (len == 3 && memcmp(t, "vpm", 3) == 0) {     /* a VPM write */
		*r = qir_vpm(0);
		return true;
	}
	int s = LOOKUP(qir_specials, QIR_SPECIAL_COUNT, t, len);
	if (s >= 0) {
		*r = qir_special((uint32_t)s);
		return true;
	}
	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++) {
		size_t pl = strlen(pre[i].prefix);
		uint32_t v;
		if (len > pl && memcmp(t, pre[i].prefix, pl) == 0 && isdigit((unsigned char)t[pl]) &&
		    number(t + pl, len - pl, &v)) {
			*r = qir_reg(pre[i].file, v);
			if (r->file == QIR_FILE_TEMP && v >= ps->c->num_temps)
				ps->c->num_temps = v + 1;
			return v < UINT32_MAX - 1 || fail(ps, "index too large", t, len);
		}
	}
	if (parse_number_operand(t, len, r))
		return true;
	return fail(ps, "unknown operand", t, len);
}

/* Where an operand's '.'-suffix starts; numbers (which may contain '.')
 * never carry one. */
static const char *suffix_of(const char *t, size_t len)
{
	if (isdigit((unsigned char)t[0]) || t[0] == '-')
		return NULL;
	return memchr(t, '.', len);
}

/* An operand with optional unpack (src) or pack (dst) suffix. */
static bool parse_operand(struct parser *ps, struct qir_inst *inst, int slot)
{
	size_t len;
	const char *t = token(ps, &len);
	if (!len)
		return fail(ps, "missing operand", t, 0);
	const char *dot = suffix_of(t, len);
	size_t body = dot ? (size_t)(dot - t) : len;
	struct qir_reg *r = slot < 0 ? &inst->dst : &inst->src[slot];
	if (!parse_reg_body(ps, t, body, r))
		return false;
	if (!dot)
		return true;
	const char *sx = dot + 1;
	size_t sl = len - body - 1;
	if (slot >= 0) {
		int u = LOOKUP(qpu_unpacks, QPU_UNPACK_COUNT, sx, sl);
		if (u <= 0)
			return fail(ps, "unknown unpack", sx, sl);
		r->unpack = (uint8_t)u;
		return true;
	}
	int pa = LOOKUP(qpu_packs_a, QPU_PACK_A_COUNT, sx, sl);
	int pm = LOOKUP(qpu_packs_mul, QPU_PACK_MUL_COUNT, sx, sl);
	if (pa <= 0 && pm <= 0)
		return fail(ps, "unknown pack", sx, sl);
	inst->pack = (uint8_t)(pa > 0 ? pa : pm);
	inst->pack_mul = pa <= 0;
	return true;
}

/* Operand separator: a comma unless at end of line. */
static bool comma(struct parser *ps)
{
	skip_space(ps);
	if (*ps->p != ',')
		return fail(ps, "expected ',' at", ps->p, strcspn(ps->p, "\n"));
	ps->p++;
	return true;
}

/* op[.cond][.sf]: fills op, cond, sf. */
static bool parse_opcode(struct parser *ps, struct qir_inst *inst)
{
	size_t len;
	const char *t = token(ps, &len);
	const char *dot = memchr(t, '.', len);
	size_t nl = dot ? (size_t)(dot - t) : len;
	int op = LOOKUP(qir_ops, QIR_OP_COUNT, t, nl);
	if (op < 0)
		return fail(ps, "unknown op", t, nl);
	inst->op = (uint16_t)op;
	inst->cond = op == QIR_OP_BRANCH ? QPU_BR_ALWAYS : QPU_COND_ALWAYS;
	while (dot) {
		const char *s = dot + 1;
		dot = memchr(s, '.', len - (size_t)(s - t));
		size_t sl = dot ? (size_t)(dot - s) : len - (size_t)(s - t);
		int cnd = op == QIR_OP_BRANCH ? LOOKUP(qpu_branch_conds, QPU_BR_COUNT, s, sl) :
			  LOOKUP(qpu_conds, QPU_COND_COUNT, s, sl);
		if (sl == 2 && memcmp(s, "sf", 2) == 0)
			inst->sf = true;
		else if (cnd >= 0)
			inst->cond = (uint8_t)cnd;
		else
			return fail(ps, "unknown suffix", s, sl);
	}
	return true;
}

/* Parses one instruction line (opcode with condition and .sf, destination
 * with pack, sources with unpack, or a branch target) and appends it at the
 * cursor; false with the parser's diag on a syntax error or out of memory. */
static bool parse_inst(struct parser *ps)
{
	struct qir_inst *inst = qir_emit(ps->c, QIR_OP_UNDEF, qir_null(), qir_null(), qir_null());
	if (!inst)
		return vc4_diag_set(ps->diag, "out of memory");
	if (!parse_opcode(ps, inst))
		return false;
	if (inst->op == QIR_OP_BRANCH) {
		size_t len;
		const char *t = token(ps, &len);
		if (len < 2 || t[0] != 'b' || !number(t + 1, len - 1, &inst->target))
			return fail(ps, "expected branch target bN, got", t, len);
	} else {
		const struct qir_op_info *info = &qir_ops[inst->op];
		bool first = true;
		if (info->ndst) {
			if (!parse_operand(ps, inst, -1))
				return false;
			first = false;
		}
		for (int s = 0; s < info->nsrc; s++) {
			if ((!first && !comma(ps)) || !parse_operand(ps, inst, s))
				return false;
			first = false;
		}
	}
	if (!at_eol(ps))
		return fail(ps, "unexpected", ps->p, strcspn(ps->p, "\n#"));
	return true;
}

/* A uniform entry "KIND DATA" into *u. */
static bool parse_entry(struct parser *ps, struct qir_uniform *u)
{
	size_t len;
	const char *t = token(ps, &len);
	int kind = LOOKUP(qir_uniform_kinds, QIR_UNIFORM_KIND_COUNT, t, len);
	if (kind < 0)
		return fail(ps, "unknown uniform kind", t, len);
	t = token(ps, &len);
	if (!number(t, len, &u->data))
		return fail(ps, "bad uniform data", t, len);
	u->kind = (uint32_t)kind;
	return true;
}

/* `host hN OP KIND DATA[, KIND DATA]`: the next op of the host program. */
static bool parse_host(struct parser *ps)
{
	size_t len;
	const char *t = token(ps, &len);
	uint32_t n;
	if (len < 2 || t[0] != 'h' || !number(t + 1, len - 1, &n) || n != ps->c->host.len)
		return fail(ps, "expected the next host op number, got", t, len);
	t = token(ps, &len);
	int op = LOOKUP(qir_ops, QIR_OP_COUNT, t, len);
	if (op < 0)
		return fail(ps, "unknown op", t, len);
	struct qir_host_op h = { .op = (uint32_t)op };
	for (unsigned s = 0; s < qir_ops[op].nsrc && s < QIR_MAX_SRC; s++) {
		if ((s && !comma(ps)) || !parse_entry(ps, &h.src[s]))
			return false;
	}
	if (!vc4_array_push(&ps->c->host, h))
		return vc4_diag_set(ps->diag, "out of memory");
	return at_eol(ps) || fail(ps, "unexpected", ps->p, strcspn(ps->p, "\n#"));
}

/* `uniform uN KIND DATA` */
static bool parse_uniform(struct parser *ps)
{
	size_t len;
	const char *t = token(ps, &len);
	uint32_t n;
	if (len < 2 || t[0] != 'u' || !number(t + 1, len - 1, &n) || n != ps->c->uniforms.len)
		return fail(ps, "expected the next uniform number, got", t, len);
	struct qir_uniform u;
	if (!parse_entry(ps, &u))
		return false;
	if (!vc4_array_push(&ps->c->uniforms, u))
		return vc4_diag_set(ps->diag, "out of memory");
	return at_eol(ps) || fail(ps, "unexpected", ps->p, strcspn(ps->p, "\n#"));
}

/* `block N:` — N must be the next block (0 names the entry block). */
static bool parse_block(struct parser *ps, uint32_t *seen)
{
	size_t len;
	const char *t = token(ps, &len);
	uint32_t n;
	if (!number(t, len, &n) || n != *seen)
		return fail(ps, "expected the next block number, got", t, len);
	skip_space(ps);
	if (*ps->p != ':')
		return fail(ps, "expected ':' after block number", ps->p, 1);
	ps->p++;
	if (n > 0 && !qir_block_append(ps->c))
		return vc4_diag_set(ps->diag, "out of memory");
	qir_set_block(ps->c, ps->c->blocks.data[n]);
	(*seen)++;
	return at_eol(ps) || fail(ps, "unexpected", ps->p, strcspn(ps->p, "\n#"));
}

/* `qir vs|cs|fs [threaded]` */
static bool parse_header(struct parser *ps)
{
	static const char *const stages[] = { "vs", "cs", "fs" };
	size_t len;
	const char *t = token(ps, &len);
	if (len != 3 || memcmp(t, "qir", 3) != 0)
		return fail(ps, "expected 'qir STAGE', got", t, len);
	t = token(ps, &len);
	int st = lookup(stages, 3, sizeof(stages[0]), t, len);
	if (st < 0)
		return fail(ps, "unknown stage", t, len);
	ps->c->stage = (uint8_t)st;
	t = token(ps, &len);
	if (len == 8 && memcmp(t, "threaded", 8) == 0)
		ps->c->fs_threaded = true;
	else if (len)
		return fail(ps, "unexpected", t, len);
	return at_eol(ps) || fail(ps, "unexpected", ps->p, strcspn(ps->p, "\n#"));
}

/* One non-empty line, dispatched by its first word. */
static bool parse_line(struct parser *ps, uint32_t *blocks_seen, bool *header)
{
	if (!*header) {
		*header = true;
		return parse_header(ps);
	}
	const char *save = ps->p;
	size_t len;
	const char *t = token(ps, &len);
	if (len == 7 && memcmp(t, "uniform", 7) == 0)
		return parse_uniform(ps);
	if (len == 4 && memcmp(t, "host", 4) == 0)
		return parse_host(ps);
	if (len == 5 && memcmp(t, "block", 5) == 0)
		return parse_block(ps, blocks_seen);
	if (!*blocks_seen)
		return fail(ps, "instruction before the first 'block', at", t, len);
	ps->p = save;
	return parse_inst(ps);
}

/* Parses QIR text (the form qir_print() writes) into a new program named
 * `name`; NULL with diag ("name:LINE: ...") on an error. */
struct qir_compile *qir_parse(const char *text, const char *name, struct vc4_diag *diag)
{
	struct qir_compile *c = qir_compile_create(QIR_STAGE_FRAGMENT);
	if (!c) {
		vc4_diag_set(diag, "out of memory");
		return NULL;
	}
	struct parser ps = { .c = c, .name = name, .p = text, .diag = diag };
	uint32_t blocks_seen = 0;
	bool header = false, ok = true;
	while (ok && *ps.p) {
		ps.line = ps.p;
		ps.lineno++;
		if (!at_eol(&ps))
			ok = parse_line(&ps, &blocks_seen, &header);
		ps.p += strcspn(ps.p, "\n");
		if (*ps.p)
			ps.p++;
	}
	if (ok && !header)
		ok = vc4_diag_set(diag, "%s: empty program (expected 'qir STAGE')", name);
	if (ok)
		ok = qir_cfg_update(c, diag);
	if (!ok || c->oom) {
		if (ok)
			vc4_diag_set(diag, "out of memory");
		qir_compile_free(c);
		return NULL;
	}
	return c;
}
