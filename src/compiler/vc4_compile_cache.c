/*
 * vc4_compile_cache.c: compiled programs keyed by (IR, linked FS, shader
 * key). The key of an entry is the FNV-1a hash of the IR key text(s)
 * (ir_print_key: the canonical text with floats as their bits, equal exactly
 * when the canonical texts are) and key bytes, confirmed by comparing the
 * texts and bytes themselves, so two shaders that print the same are the
 * same shader. Entries live in
 * open-addressed buckets that double when half full.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/vc4_compile.h"

struct cache_entry {
	uint32_t hash;
	char *text;                 /* IR text, then "\n--\n" and the FS text */
	uint8_t key[QIR_KEY_BYTES_MAX];
	size_t key_len;
	struct vc4_compile_result result;
};

struct vc4_compile_cache {
	struct cache_entry **slots;
	uint32_t cap, count, hits, misses;
	struct vc4_compile_options options;   /* for every compile */
};

static uint32_t fnv1a(uint32_t h, const void *data, size_t n)
{
	const uint8_t *p = data;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

struct vc4_compile_cache *vc4_compile_cache_create(void)
{
	struct vc4_compile_cache *c = calloc(1, sizeof(*c));
	if (c && !(c->slots = calloc(16, sizeof(*c->slots)))) {
		free(c);
		return NULL;
	}
	if (c)
		c->cap = 16;
	return c;
}

static void entry_free(struct cache_entry *e)
{
	if (!e)
		return;
	vc4_compile_result_free(&e->result);
	free(e->text);
	free(e);
}

void vc4_compile_cache_destroy(struct vc4_compile_cache *cache)
{
	if (!cache)
		return;
	for (uint32_t i = 0; i < cache->cap; i++)
		entry_free(cache->slots[i]);
	free(cache->slots);
	free(cache);
}

/* The slot holding the entry for (hash, text, key), or the empty slot where
 * it would go. */
static uint32_t find_slot(const struct vc4_compile_cache *c, uint32_t hash, const char *text,
			  const uint8_t *key, size_t key_len)
{
	uint32_t i = hash & (c->cap - 1);
	for (;;) {
		const struct cache_entry *e = c->slots[i];
		if (!e || (e->hash == hash && e->key_len == key_len &&
			   memcmp(e->key, key, key_len) == 0 && strcmp(e->text, text) == 0))
			return i;
		i = (i + 1) & (c->cap - 1);
	}
}

static bool grow(struct vc4_compile_cache *c)
{
	struct vc4_compile_cache n = { .cap = c->cap * 2 };
	n.slots = calloc(n.cap, sizeof(*n.slots));
	if (!n.slots)
		return false;
	for (uint32_t i = 0; i < c->cap; i++) {
		struct cache_entry *e = c->slots[i];
		if (e)
			n.slots[find_slot(&n, e->hash, e->text, e->key, e->key_len)] = e;
	}
	free(c->slots);
	c->slots = n.slots;
	c->cap = n.cap;
	return true;
}

/* The key text of (sh, fs). */
static char *cache_text(const struct ir_shader *sh, const struct ir_shader *fs)
{
	char *a = ir_print_key(sh), *b = fs ? ir_print_key(fs) : NULL;
	if (!a || (fs && !b)) {
		free(a);
		free(b);
		return NULL;
	}
	size_t la = strlen(a), lb = b ? strlen(b) : 0;
	char *t = malloc(la + lb + 5);
	if (t) {
		memcpy(t, a, la);
		memcpy(t + la, "\n--\n", 4);
		if (b)
			memcpy(t + la + 4, b, lb);
		t[la + 4 + lb] = '\0';
	}
	free(a);
	free(b);
	return t;
}

const struct vc4_compile_result *vc4_compile_cache_get(struct vc4_compile_cache *cache,
							const struct ir_shader *sh,
							const struct ir_shader *fs,
							const struct qir_shader_key *key,
							struct vc4_diag *diag)
{
	uint8_t kb[QIR_KEY_BYTES_MAX];
	size_t kl = qir_shader_key_bytes(key, kb);
	char *text = cache_text(sh, fs);
	if (!text || ((cache->count + 1) * 2 > cache->cap && !grow(cache))) {
		free(text);
		vc4_diag_set(diag, "out of memory");
		return NULL;
	}
	uint32_t hash = fnv1a(fnv1a(2166136261u, text, strlen(text)), kb, kl);
	uint32_t i = find_slot(cache, hash, text, kb, kl);
	if (cache->slots[i]) {
		free(text);
		cache->hits++;
		return &cache->slots[i]->result;
	}
	struct cache_entry *e = calloc(1, sizeof(*e));
	if (!e) {
		free(text);
		vc4_diag_set(diag, "out of memory");
		return NULL;
	}
	e->hash = hash;
	e->text = text;
	memcpy(e->key, kb, kl);
	e->key_len = kl;
	if (!vc4_compile_linked(sh, fs, key, &cache->options, &e->result, diag)) {
		entry_free(e);
		return NULL;
	}
	cache->slots[i] = e;
	cache->count++;
	cache->misses++;
	return &e->result;
}

void vc4_compile_cache_stats(const struct vc4_compile_cache *cache, uint32_t *hits,
			     uint32_t *misses)
{
	*hits = cache->hits;
	*misses = cache->misses;
}

void vc4_compile_cache_set_options(struct vc4_compile_cache *cache,
				   const struct vc4_compile_options *options)
{
	cache->options = *options;
}
