/* block_cache.c: the per-thread class lists behind block_cache.h. */
#include "block_cache.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "code_align.h"

/* One thread's kept blocks: a list per class, linked through each block's
 * first word. */
struct block_lists {
	void *head[VC4_BLOCK_CLASSES];
	unsigned count[VC4_BLOCK_CLASSES];
	bool exit_hook;   /* the thread's exit frees them (pthread key set) */
};

/* initial-exec: a thread-local access is a read of the thread pointer and
 * an offset, not a call (the variable is small enough for static TLS, as
 * glibc's own malloc cache is). */
static _Thread_local struct block_lists lists __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;

/* Frees every block of l. */
static void release(struct block_lists *l)
{
	for (unsigned k = 0; k < VC4_BLOCK_CLASSES; k++) {
		while (l->head[k]) {
			void *next = *(void **)l->head[k];
			free(l->head[k]);
			l->head[k] = next;
		}
		l->count[k] = 0;
	}
}

/* The key's destructor; a block given after it sets the key again. */
static void release_at_thread_exit(void *l)
{
	release(l);
	((struct block_lists *)l)->exit_hook = false;
}

static void make_exit_key(void)
{
	if (pthread_key_create(&exit_key, release_at_thread_exit) != 0)
		exit_key = (pthread_key_t)-1;
}

/* The main thread's blocks at the end of the process (a key's destructor
 * runs only for threads that exit before it). */
__attribute__((destructor)) static void release_at_exit(void)
{
	release(&lists);
}

VC4_CODE_ALIGN(128)
void *vc4_block_take(size_t size, size_t *got)
{
	*got = size;
	if (size < VC4_BLOCK_MIN || size > VC4_BLOCK_MAX || VC4_BLOCK_CACHING == 0)
		return malloc(size ? size : 1);
	unsigned k = 0;
	while ((size_t)VC4_BLOCK_MIN << k < size)
		k++;
	*got = (size_t)VC4_BLOCK_MIN << k;
	void *p = lists.head[k];
	if (!p)
		return malloc(*got);
	lists.head[k] = *(void **)p;
	lists.count[k]--;
	return p;
}

VC4_CODE_ALIGN(256)
void vc4_block_give(void *p, size_t size)
{
	if (!p)
		return;
	if (size < VC4_BLOCK_MIN || size >= 2 * (size_t)VC4_BLOCK_MAX || VC4_BLOCK_CACHING == 0) {
		free(p);
		return;
	}
	unsigned k = 0;
	while (k + 1 < VC4_BLOCK_CLASSES && (size_t)VC4_BLOCK_MIN << (k + 1) <= size)
		k++;
	if (lists.count[k] >= VC4_BLOCK_KEEP) {
		free(p);
		return;
	}
	if (!lists.exit_hook) {
		pthread_once(&exit_once, make_exit_key);
		lists.exit_hook = exit_key != (pthread_key_t)-1 &&
				  pthread_setspecific(exit_key, &lists) == 0;
		if (!lists.exit_hook) {   /* nothing would free it at the thread's exit */
			free(p);
			return;
		}
	}
	*(void **)p = lists.head[k];
	lists.head[k] = p;
	lists.count[k]++;
}

size_t vc4_block_kept(void)
{
	size_t n = 0;
	for (unsigned k = 0; k < VC4_BLOCK_CLASSES; k++)
		n += lists.count[k];
	return n;
}
