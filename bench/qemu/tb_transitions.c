/*
 * tb_transitions.c: a QEMU TCG plugin that classifies every transition
 * between two executed translation blocks the way QEMU 7.2 treats it. QEMU
 * chains a block to the next only for a direct jump or a fall-through
 * whose target lies in the same 4 KB guest page as the block's start;
 * anything else costs a block lookup (about 100 host instructions). At
 * exit it writes "VADDR KIND COUNT" per source block and kind to out=PATH
 * (default tb_transitions.txt), kinds:
 *   F  fall-through inside the page          (chained)
 *   f  fall-through into another page        (lookup)
 *   J  jump inside the page                  (chained if direct)
 *   X  jump into another page                (lookup)
 *   R  the block ends in a return or a jump through a register or table
 *      (bx, pop {pc}, ldr pc, tbb/tbh; an ARM `add pc, pc, rN` switch is
 *      counted by its target as J or X, and a 4-byte Thumb-2 word may
 *      rarely match an ARM pattern: the kinds are a close estimate)
 * Report by function: scripts/qemu-tb-report.py. One callback per block
 * executed: a run takes a few times longer than plain qemu-arm.
 */
#include <stdio.h>
#include <stdlib.h>

#include "qemu_plugin_api.h"

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

enum { K_FALL, K_FALL_PAGE, K_JUMP, K_JUMP_PAGE, K_INDIRECT, K_COUNT };

struct block {
	uint64_t start, end;   /* guest addresses: first byte, past the last */
	int indirect;          /* ends in a return or an indirect jump */
	uint64_t count[K_COUNT];
	struct block *next;
};

static struct block *blocks, *previous;
static const char *out_path;

/* Whether the instruction (Thumb 2 or 4 bytes, or ARM) leaves through a
 * register, the stack or a table. */
static int leaves_indirectly(const uint8_t *d, size_t n)
{
	if (n == 2) {
		unsigned h = d[0] | d[1] << 8;
		return (h & 0xff00) == 0xbd00 || (h & 0xff87) == 0x4700; /* pop {pc}, bx */
	}
	uint32_t w = d[0] | d[1] << 8 | d[2] << 16 | (uint32_t)d[3] << 24;
	uint32_t t = (w & 0xffff) << 16 | w >> 16; /* Thumb-2 halfword order */
	return (t & 0xfff0ffe0) == 0xe8d0f000 ||   /* tbb, tbh */
	       (t & 0xffff8000) == 0xe8bd8000 ||   /* pop.w {.., pc} */
	       (t & 0xfff0f000) == 0xf850f000 ||   /* ldr.w pc, ... */
	       (w & 0x0ffffff0) == 0x012fff10 ||   /* ARM bx */
	       (w & 0x0ffffff0) == 0x012fff30 ||   /* ARM blx register */
	       (w & 0x0fff8000) == 0x08bd8000 ||   /* ARM pop {.., pc} */
	       (w & 0x0c10f000) == 0x0410f000;     /* ARM ldr pc */
}

static void on_execute(unsigned int vcpu, void *userdata)
{
	(void)vcpu;
	struct block *b = userdata, *p = previous;
	if (p) {
		int other_page = ((b->start ^ p->start) >> 12) != 0;
		int kind = p->indirect ? K_INDIRECT
			 : b->start == p->end ? (other_page ? K_FALL_PAGE : K_FALL)
			 : other_page ? K_JUMP_PAGE : K_JUMP;
		p->count[kind]++;
	}
	previous = b;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	struct block *b = calloc(1, sizeof(*b));
	if (!b)
		return;
	struct qemu_plugin_insn *last = qemu_plugin_tb_get_insn(tb, qemu_plugin_tb_n_insns(tb) - 1);
	b->start = qemu_plugin_tb_vaddr(tb);
	b->end = qemu_plugin_insn_vaddr(last) + qemu_plugin_insn_size(last);
	b->indirect = leaves_indirectly(qemu_plugin_insn_data(last), qemu_plugin_insn_size(last));
	b->next = blocks;
	blocks = b;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_execute, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void write_counts(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	FILE *f = fopen(out_path, "w");
	if (!f)
		return;
	for (const struct block *b = blocks; b; b = b->next)
		for (int k = 0; k < K_COUNT; k++)
			if (b->count[k])
				fprintf(f, "%llx %c %llu\n", (unsigned long long)b->start, "FfJXR"[k],
					(unsigned long long)b->count[k]);
	fclose(f);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info, int argc,
			char **argv)
{
	(void)info;
	out_path = qemu_plugin_start(id, argc, argv, "tb_transitions.txt", on_translate, write_counts);
	return 0;
}
