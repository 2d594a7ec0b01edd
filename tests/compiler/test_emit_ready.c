/* test_emit_ready.c: the scheduler's ready list (emit_ready.c): `order`
 * holds the ready nodes by key, then by arrival slot, the best last, and
 * follows the slot changes of a swap-remove exactly (the node in the last
 * slot moves into the leaving one's slot and so ahead of its equals), as
 * the scheduler's bit-identical choice among equal keys needs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "codegen/emit_ready.h"

/* Asserts that `order` is exactly want[0, n) (the best last). */
static void order_is(const struct emit_ready *r, const uint32_t *want, size_t n)
{
	assert_int_equal(r->order.len, n);
	assert_int_equal(r->arrival.len, n);
	for (size_t k = 0; k < n; k++)
		if (r->order.data[k] != want[k])
			fail_msg("order[%zu] = %u, want %u", k, r->order.data[k], want[k]);
}

/* The index of node i in `order`. */
static size_t at_of(const struct emit_ready *r, uint32_t i)
{
	for (size_t k = 0; k < r->order.len; k++)
		if (r->order.data[k] == i)
			return k;
	fail_msg("node %u not ready", i);
	return 0;
}

/* Equal keys: the lower slot is the better; after a swap-remove the node
 * from the last slot sits in the freed slot, ahead of the later ones. */
static void ties_follow_slots(void **state)
{
	(void)state;
	struct emit_ready r;
	assert_true(emit_ready_init(&r, 4));
	for (uint32_t i = 0; i < 4; i++) {
		r.key[i] = 9;
		assert_true(emit_ready_push(&r, i));
	}
	order_is(&r, (const uint32_t[]){ 3, 2, 1, 0 }, 4);
	emit_ready_remove(&r, at_of(&r, 1));   /* slots: 0, 3, 2 */
	order_is(&r, (const uint32_t[]){ 2, 3, 0 }, 3);
	assert_int_equal(r.slot[3], 1);
	emit_ready_remove(&r, at_of(&r, 0));   /* slots: 2, 3 */
	order_is(&r, (const uint32_t[]){ 3, 2 }, 2);
	emit_ready_remove(&r, at_of(&r, 3));   /* the last slot: nothing moves */
	order_is(&r, (const uint32_t[]){ 2 }, 1);
	emit_ready_free(&r);
}

/* Keys first, slots among equal keys; pushes and removes interleaved. */
static void keys_then_slots(void **state)
{
	(void)state;
	struct emit_ready r;
	const uint32_t key[] = { 5, 7, 5, 7, 6, 5 };
	assert_true(emit_ready_init(&r, 6));
	for (uint32_t i = 0; i < 6; i++)
		r.key[i] = key[i];
	for (uint32_t i = 0; i < 5; i++)
		assert_true(emit_ready_push(&r, i));
	order_is(&r, (const uint32_t[]){ 2, 0, 4, 3, 1 }, 5);
	emit_ready_remove(&r, 4);               /* node 1; node 4 to slot 1 */
	order_is(&r, (const uint32_t[]){ 2, 0, 4, 3 }, 4);
	emit_ready_remove(&r, 1);               /* node 0; node 3 to slot 0 */
	order_is(&r, (const uint32_t[]){ 2, 4, 3 }, 3);
	assert_true(emit_ready_push(&r, 5));    /* slot 3: behind node 2 */
	order_is(&r, (const uint32_t[]){ 5, 2, 4, 3 }, 4);
	assert_int_equal(r.arrival.data[0], 3);
	assert_int_equal(r.arrival.data[1], 4);
	emit_ready_free(&r);
}

/* A node from the last slot overtakes equals it was behind, none other. */
static void moved_node_overtakes(void **state)
{
	(void)state;
	struct emit_ready r;
	const uint32_t key[] = { 3, 4, 3, 3, 3 };
	assert_true(emit_ready_init(&r, 5));
	for (uint32_t i = 0; i < 5; i++) {
		r.key[i] = key[i];
		assert_true(emit_ready_push(&r, i));
	}
	order_is(&r, (const uint32_t[]){ 4, 3, 2, 0, 1 }, 5);
	emit_ready_remove(&r, 3);               /* node 0: node 4 takes slot 0 */
	order_is(&r, (const uint32_t[]){ 3, 2, 4, 1 }, 4);
	emit_ready_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ties_follow_slots),
		cmocka_unit_test(keys_then_slots),
		cmocka_unit_test(moved_node_overtakes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
