/*
 * pipe_render.c: the rendering thread (CT1) on host threads. The walker
 * follows the render control list and its tile lists in order (branches,
 * sub-lists, the semaphore, state packets, the tile buffer's configuration,
 * clear colours and queued loads) and cuts it into work items: each starts
 * at a Tile Coordinates packet whose tile buffer holds known values (the
 * start of the job, or a store that cleared both buffers since the last
 * primitive or load), so it depends on nothing before it but the state the
 * walker snapshots. Items run on the pool's executors (pipe_pool.c), each a
 * pipeline of its own (tile buffer, QPU, VPM, shader cache, counters); the
 * walker retires them in order, adding their counters and taking the first
 * error, so pixels, counters and messages are those of one thread.
 * docs/pipeline.md, "Tiles on host threads".
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/pipe/pipe_internal.h"

/* Items not yet retired, at most this many per executor. */
#define ITEMS_PER_EXECUTOR 3
/* A recorded packet: u32 address, u32 packets walked, u8 length, bytes. */
#define REC_HEAD 9

struct sim_pipe *pipe_executor_create(void)
{
	struct sim_pipe *e = sim_pipe_create();
	if (e)
		e->threads = 1;
	return e;
}

void pipe_executor_destroy(struct sim_pipe *e)
{
	sim_pipe_destroy(e);
}

/* ---- items ------------------------------------------------------------- */

/* A cleared work item (from p's free list or allocated), its packet buffer
 * kept. Returns NULL when out of memory. */
static struct pipe_item *item_new(struct sim_pipe *p)
{
	struct pipe_item *it = p->free_items;
	if (it)
		p->free_items = it->next;
	else if (!(it = calloc(1, sizeof(*it))))
		return NULL;
	uint8_t *pkts = it->pkts;
	uint32_t cap = it->cap;
	memset(it, 0, offsetof(struct pipe_item, tb));
	it->pkts = pkts;
	it->cap = cap;
	it->len = 0;
	vc4_diag_clear(&it->diag);
	memset(&it->stats, 0, sizeof(it->stats));
	return it;
}

static void item_free(struct sim_pipe *p, struct pipe_item *it)
{
	it->next = p->free_items;
	p->free_items = it;
}

void pipe_items_release(struct sim_pipe *p)
{
	while (p->free_items) {
		struct pipe_item *it = p->free_items;
		p->free_items = it->next;
		free(it->pkts);
		free(it);
	}
}

/* Appends a packet (its address, the packets walked up to it since the
 * item began, its length and bytes). */
static bool item_append(struct sim_pipe *p, struct pipe_item *it, const uint8_t *pkt,
			uint32_t len, uint32_t addr, uint32_t walked)
{
	if (it->len + REC_HEAD + len > it->cap) {
		uint32_t cap = it->cap ? it->cap * 2 : 1024;
		while (cap < it->len + REC_HEAD + len)
			cap *= 2;
		uint8_t *n = realloc(it->pkts, cap);
		if (!n)
			return vc4_diag_set(p->diag, "out of memory recording the render list");
		it->pkts = n;
		it->cap = cap;
	}
	memcpy(it->pkts + it->len, &addr, 4);
	memcpy(it->pkts + it->len + 4, &walked, 4);
	it->pkts[it->len + 8] = (uint8_t)len;
	memcpy(it->pkts + it->len + REC_HEAD, pkt, len);
	it->len += REC_HEAD + len;
	return true;
}

/* Memory ranges (and tile coordinates, as keys above 2^32) an item
 * touches by position: two items sharing one are never in flight at once. */
static void item_key(struct pipe_item *it, uint64_t lo, uint64_t hi)
{
	for (uint32_t i = 0; i < it->nkeys; i++)
		if (it->keys[i][0] == lo && it->keys[i][1] == hi)
			return;
	if (it->nkeys == PIPE_ITEM_KEYS) {
		it->wide = true;
		return;
	}
	it->keys[it->nkeys][0] = lo;
	it->keys[it->nkeys][1] = hi;
	it->nkeys++;
}

static bool items_conflict(const struct pipe_item *a, const struct pipe_item *b)
{
	if (a->wide || b->wide)
		return true;
	for (uint32_t i = 0; i < a->nkeys; i++)
		for (uint32_t j = 0; j < b->nkeys; j++)
			if (a->keys[i][0] < b->keys[j][1] && b->keys[j][0] < a->keys[i][1])
				return true;
	return false;
}

/* ---- executing an item --------------------------------------------------- */

static bool item_packet(struct sim_pipe *e, const uint8_t *pkt)
{
	if (pipe_state_packet(&e->render_state, pkt))
		return true;
	switch (pkt[0]) {
	case VC4_COMPRESSED_PRIMITIVE_LIST_opcode:
	case VC4_CLIPPED_PRIMITIVE_WITH_COMPRESSED_PRIMITIVE_LIST_opcode:
		return pipe_render_primitive(e, pkt);
	default:
		return pipe_tile_packet(e, pkt);
	}
}

/* *dst = *src but for the pixels (color and zs, 32 KiB): an item's tile
 * buffer holds none, the executor fills them from the item's values. */
_Static_assert(offsetof(struct pipe_tilebuf, tile_x) ==
	       offsetof(struct pipe_tilebuf, color) + 2 * PIPE_TILE_WORDS * 4,
	       "the pixels (color, then zs) lie together");
static void tb_state_copy(struct pipe_tilebuf *dst, const struct pipe_tilebuf *src)
{
	size_t pixels = offsetof(struct pipe_tilebuf, color);
	size_t after = offsetof(struct pipe_tilebuf, tile_x);
	memcpy(dst, src, pixels);
	memcpy((char *)dst + after, (const char *)src + after, sizeof(*dst) - after);
}

/* The calling thread's CPU time in nanoseconds (run timing). */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Executes item it on executor e: its tile buffer set from the item's
 * fill values and state, then its recorded packets in order; the outcome,
 * counters and first error go into it. */
void pipe_item_execute(struct sim_pipe *e, struct pipe_item *it)
{
	e->diag = &it->diag;
	memset(&e->stats, 0, sizeof(e->stats));
	e->render_state = it->state;
	tb_state_copy(&e->tb, &it->tb);
	for (uint32_t i = 0; i < PIPE_TILE_WORDS; i++) {
		e->tb.color[i] = it->fill_color;
		e->tb.zs[i] = it->fill_zs;
	}
	it->ok = true;
	/* the CPU clock (a system call: the scheduler may switch threads on
	 * its way out) outside the item's wall interval */
	uint64_t t0 = 0, c0 = 0;
	if (e->time_runs)
		c0 = thread_cpu_ns(), t0 = sim_pipe_run_clock();
	e->fpu_mode = sim_qpu_fpu_mode(); /* the item changes it only inside its runs */
	e->fpu_known = true;
	uint8_t pkt[128];
	for (uint32_t at = 0; at < it->len && it->ok;) {
		uint32_t addr, walked, len = it->pkts[at + 8];
		memcpy(&addr, it->pkts + at, 4);
		memcpy(&walked, it->pkts + at + 4, 4);
		memset(pkt, 0, sizeof(pkt));
		memcpy(pkt, it->pkts + at + REC_HEAD, len);
		at += REC_HEAD + len;
		if (item_packet(e, pkt))
			continue;
		it->ok = false;
		it->walked = walked; /* one thread would have stopped here */
		if (it->diag.set) {
			char inner[VC4_DIAG_MAX];
			memcpy(inner, it->diag.msg, sizeof(inner));
			vc4_diag_clear(&it->diag);
			vc4_diag_set(&it->diag, "render: 0x%08x: packet %u (%s): %s", addr, pkt[0],
				     vc4_packet_name(pkt[0]), inner);
		}
	}
	e->fpu_known = false;
	if (e->time_runs) {
		e->stats.item_ticks += sim_pipe_run_clock() - t0;
		e->stats.item_cpu_ns += thread_cpu_ns() - c0;
	}
	it->stats = e->stats;
}

/* ---- the walker ------------------------------------------------------------ */

static void executors_start(struct sim_pipe *p, struct pipe_pool *pool, unsigned from,
			    unsigned to);

struct walk {
	struct sim_pipe *p;
	struct pipe_pool *pool;
	struct pipe_item *cur;          /* being recorded */
	bool effect;                    /* cur has more than state packets */
	struct pipe_item *first, *last; /* dispatched, not retired, in order */
	uint32_t outstanding;
	uint32_t limit;                 /* items not retired at most */
	uint32_t dispatched;            /* items handed to the pool */
	uint64_t seq;
	uint32_t pending;               /* packets walked, not yet given to an item */
	bool failed;                    /* an item failed: its error is the job's */
	struct vc4_diag err;            /* that error */
	/* what the tile buffer holds after cur's packets, when known */
	bool color_known, zs_known;
	uint32_t color_val, zs_val;
};

/* Starts recording a new item from the walker's state. */
static bool walk_open(struct walk *w)
{
	struct pipe_item *it = item_new(w->p);
	if (!it)
		return vc4_diag_set(w->p->diag, "out of memory recording the render list");
	it->seq = w->seq++;
	it->state = w->p->render_state;
	tb_state_copy(&it->tb, &w->p->tb);
	it->fill_color = w->color_val;
	it->fill_zs = w->zs_val;
	w->cur = it;
	w->effect = false;
	return true;
}

/* Records a packet in cur with the packets walked up to it. */
static bool walk_append(struct walk *w, const uint8_t *pkt, uint32_t len, uint32_t addr)
{
	w->cur->walked += w->pending;
	w->pending = 0;
	return item_append(w->p, w->cur, pkt, len, addr, w->cur->walked);
}

/* Retires the finished items at the head, in order: their counters, the
 * first error. Items after a failed one are not counted (one thread would
 * not have run them). */
static void walk_retire(struct walk *w)
{
	while (w->first && pipe_pool_is_done(w->pool, w->first)) {
		struct pipe_item *it = w->first;
		w->first = it->next_job;
		if (!w->first)
			w->last = NULL;
		w->outstanding--;
		if (!w->failed) {
			pipe_add_stats(&w->p->stats, &it->stats);
			w->p->stats.render_packets += it->walked;
			if (!it->ok) {
				w->failed = true;
				w->err = it->diag;
			}
		}
		item_free(w->p, it);
	}
}

/* Waits until at most `keep` items are outstanding (helping to run them). */
static void walk_wait(struct walk *w, uint32_t keep)
{
	walk_retire(w);
	while (w->outstanding > keep) {
		pipe_pool_wait_item(w->pool, w->first);
		walk_retire(w);
	}
}

/* The second item of a job makes the pool's threads (up to p->threads),
 * if it has fewer: a job of one tile, and a test making a pipeline per
 * job, start none. */
static void walk_grow(struct walk *w)
{
	unsigned have = pipe_pool_executors(w->pool), want = w->p->threads ? w->p->threads : 1;
	if (have >= want)
		return;
	/* the new executors are made ready before their threads start: the
	 * queue may already hold items */
	want = pipe_pool_make_executors(w->pool, want);
	executors_start(w->p, w->pool, have, want);
	pipe_pool_get(w->p, want);
	w->limit = ITEMS_PER_EXECUTOR * pipe_pool_executors(w->pool);
}

/* Hands cur to the pool (dropped when it only set state: the walker's
 * snapshot already holds that), after the items it conflicts with. */
static void walk_dispatch(struct walk *w)
{
	struct pipe_item *it = w->cur;
	w->cur = NULL;
	if (!w->effect || w->failed) { /* its packets count with the next item's */
		w->pending += it->walked;
		item_free(w->p, it);
		return;
	}
	it->walked += w->pending;
	w->pending = 0;
	for (struct pipe_item *o = w->first; o; o = o->next_job)
		if (items_conflict(o, it))
			pipe_pool_wait_item(w->pool, o);
	it->next_job = NULL;
	if (w->last)
		w->last->next_job = it;
	else
		w->first = it;
	w->last = it;
	w->outstanding++;
	if (w->dispatched++ == 1)
		walk_grow(w);
	pipe_pool_submit(w->pool, it);
	walk_retire(w);
	if (w->outstanding >= w->limit)
		walk_wait(w, w->limit / 2);
}

/* What a store leaves in the tile buffer: the clear values of the buffers
 * it clears. */
static void walk_store(struct walk *w, const uint8_t *pkt)
{
	bool c = true, z = true;
	switch (pkt[0]) {
	case VC4_STORE_TILE_BUFFER_GENERAL_opcode: {
		struct VC4_STORE_TILE_BUFFER_GENERAL st;
		VC4_STORE_TILE_BUFFER_GENERAL_unpack(pkt, &st);
		c = !st.disable_color_buffer_clear_on_store;
		z = !st.disable_z_stencil_buffer_clear_on_store;
		break;
	}
	case VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_opcode: {
		struct VC4_STORE_FULL_RESOLUTION_TILE_BUFFER st;
		VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_unpack(pkt, &st);
		c = z = !st.disable_clear_on_write;
		item_key(w->cur, st.memory_base_address.offset,
			 (uint64_t)st.memory_base_address.offset + PIPE_TILE_WORDS * 4);
		break;
	}
	default:
		break;
	}
	if (c) {
		w->color_known = true;
		w->color_val = w->p->tb.clear_color;
	}
	if (z) {
		w->zs_known = true;
		w->zs_val = w->p->tb.clear_zs;
	}
}

/* Tile Coordinates: a new item when the tile buffer's contents are known
 * and the tile is another one (the same tile again stays in its item: two
 * items of one tile would have to run in turn); the loads it runs make the
 * contents unknown. */
static bool walk_coords(struct walk *w, const uint8_t *pkt, uint32_t len, uint32_t addr)
{
	struct sim_pipe *p = w->p;
	struct VC4_TILE_COORDINATES c;
	VC4_TILE_COORDINATES_unpack(pkt, &c);
	bool same = p->tb.have_coords && p->tb.tile_x == c.tile_column_number &&
		    p->tb.tile_y == c.tile_row_number;
	if (w->color_known && w->zs_known && (!same || !w->effect)) {
		walk_dispatch(w);
		if (!walk_open(w))
			return false;
	}
	if (!walk_append(w, pkt, len, addr))
		return false;
	w->effect = true;
	item_key(w->cur, 1ull << 40 | (uint64_t)c.tile_row_number << 16 | c.tile_column_number,
		 (1ull << 40 | (uint64_t)c.tile_row_number << 16 | c.tile_column_number) + 1);
	p->tb.tile_x = c.tile_column_number;
	p->tb.tile_y = c.tile_row_number;
	p->tb.have_coords = true;
	if (p->tb.load_pending) {
		bool color = p->tb.load.buffer_to_load == VC4_TILE_BUFFER_COLOR;
		w->color_known &= !color;
		w->zs_known &= color;
	}
	for (uint32_t i = 0; i < p->tb.full_loads; i++) {
		uint32_t a = p->tb.full_load[i].memory_base_address.offset;
		item_key(w->cur, a, (uint64_t)a + PIPE_TILE_WORDS * 4);
		w->color_known = w->zs_known = false;
	}
	p->tb.load_pending = false;
	p->tb.full_loads = 0;
	return true;
}

/* One render-thread packet (not control flow) at addr. */
static bool walk_packet(struct walk *w, const uint8_t *pkt, uint32_t len, uint32_t addr)
{
	struct sim_pipe *p = w->p;
	if (pipe_state_packet(&p->render_state, pkt))
		return walk_append(w, pkt, len, addr);
	switch (pkt[0]) {
	case VC4_WAIT_ON_SEMAPHORE_opcode:
		if (p->semaphore == 0)
			return vc4_diag_set(p->diag, "waits forever: the binning thread did "
					    "not increment the semaphore");
		p->semaphore--;
		return true;
	case VC4_INCREMENT_SEMAPHORE_opcode:
		p->semaphore++;
		return true;
	case VC4_TILE_COORDINATES_opcode:
		return walk_coords(w, pkt, len, addr);
	case VC4_TILE_RENDERING_MODE_CONFIGURATION_opcode:
	case VC4_CLEAR_COLORS_opcode:
	case VC4_LOAD_TILE_BUFFER_GENERAL_opcode:
	case VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER_opcode:
		/* state of the tile buffer: the walker's copy, and the item's */
		return pipe_tile_packet(p, pkt) && walk_append(w, pkt, len, addr);
	case VC4_STORE_TILE_BUFFER_GENERAL_opcode:
	case VC4_STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_opcode:
	case VC4_STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF_opcode:
	case VC4_STORE_FULL_RESOLUTION_TILE_BUFFER_opcode:
		w->effect = true;
		walk_store(w, pkt);
		return walk_append(w, pkt, len, addr);
	default: /* primitives, and packets the executor rejects */
		w->effect = true;
		w->color_known = w->zs_known = false;
		return walk_append(w, pkt, len, addr);
	}
}

/* Prepares executors [from, to) for this job: memory, limits, empty
 * caches. No thread may be running them. */
static void executors_start(struct sim_pipe *p, struct pipe_pool *pool, unsigned from,
			    unsigned to)
{
	for (unsigned i = from; i < to; i++) {
		struct sim_pipe *e = pipe_pool_executor(pool, i);
		pipe_drop_programs(e);
		e->mem = p->mem;
		e->inst_limit = p->inst_limit;
		e->tmu_opt = p->tmu_opt;
		e->time_runs = p->time_runs;
		sim_shared_init(&e->shared);
	}
}

/* Runs the render list [ct1ca, ct1ea) (CT1): walks it, cutting work items
 * for the pool, and retires them in order. Returns false with p->diag set
 * on the first error of the walk or an item. */
bool pipe_render_run(struct sim_pipe *p, uint32_t ct1ca, uint32_t ct1ea)
{
	/* the threads a previous job made stay (fewer when p->threads says
	 * so); the first job's are made by its second item (walk_grow()) */
	unsigned want = p->threads ? p->threads : 1;
	unsigned have = p->pool ? pipe_pool_executors(p->pool) : 1;
	struct pipe_pool *pool = pipe_pool_get(p, have < want ? have : want);
	if (!pool)
		return vc4_diag_set(p->diag, "render: out of memory for the tile executors");
	executors_start(p, pool, 0, pipe_pool_executors(pool));
	struct walk w = { .p = p, .pool = pool, .color_known = true, .zs_known = true,
			  .limit = ITEMS_PER_EXECUTOR * pipe_pool_executors(pool) };
	struct pipe_thread t = { .name = "render", .pc = ct1ca, .end = ct1ea };
	bool ok = walk_open(&w);
	uint8_t pkt[128];
	uint32_t len = 0;
	for (uint32_t steps = 0; ok && !w.failed && !t.halted && (t.pc != t.end || t.depth);
	     steps++) {
		if (steps == PIPE_MAX_PACKETS) {
			ok = vc4_diag_set(p->diag, "%s: 0x%08x: more than %u packets (a loop?)",
					  t.name, t.pc, PIPE_MAX_PACKETS);
			break;
		}
		if (!pipe_fetch_packet(p, &t, pkt, &len))
			ok = false;
		else {
			w.pending++;
			int flow = pipe_flow_packet(p, &t, pkt, len);
			if (flow < 0)
				ok = false;
			else if (flow == 0 && !walk_packet(&w, pkt, len, t.pc))
				ok = p->diag->set ? pipe_packet_error(p, &t, pkt[0]) : false;
			else if (flow == 0)
				t.pc += len;
		}
	}
	/* the packets before an error still run; an item's error comes first */
	if (w.cur)
		walk_dispatch(&w);
	walk_wait(&w, 0);
	if (!w.failed) {
		p->stats.render_packets += w.pending;
		return ok;
	}
	*p->diag = w.err;
	return false;
}
