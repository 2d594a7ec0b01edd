/*
 * pipe_pool.c: the host threads that render a job's tiles: a pool of
 * pthreads kept by the pipeline across jobs, a FIFO of work items (tiles
 * and the tile-buffer state they start from, built by pipe_render.c), and
 * the executor pipes (one per thread, the caller's included) that run them.
 * The threads are made when a job has a second item (pipe_render.c asks),
 * kept for later jobs, and made again in a forked child (a child has only
 * the thread that forked).
 * docs/pipeline.md, "Tiles on host threads".
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/pipe/pipe_internal.h"

#define POOL_MAX_THREADS 64

struct pipe_pool;
struct worker_arg {
	struct pipe_pool *pool;
	unsigned index;                /* its executor: 1..nthreads */
};

struct pipe_pool {
	pthread_mutex_t lock;
	pthread_cond_t work;           /* an item was queued, or the pool stops */
	pthread_cond_t done;           /* an item finished */
	pthread_t threads[POOL_MAX_THREADS];
	unsigned nthreads;             /* pool threads (the caller is executor 0) */
	bool stop;
	struct pipe_item *head, *tail; /* queued, FIFO */
	unsigned queued, running;      /* items queued, being executed */
	struct worker_arg args[POOL_MAX_THREADS];
	pid_t pid;                     /* the process that made the threads */
	struct sim_pipe *exec[POOL_MAX_THREADS + 1];
};

unsigned pipe_default_threads(void)
{
	const char *env = getenv("VC4_SIM_THREADS");
	if (env && *env) {
		char *end;
		unsigned long n = strtoul(env, &end, 10);
		if (*end == 0 && n >= 1)
			return n > POOL_MAX_THREADS + 1 ? POOL_MAX_THREADS + 1 : (unsigned)n;
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > POOL_MAX_THREADS + 1 ? POOL_MAX_THREADS + 1 : (unsigned)n;
}

/* Executes one item on executor e outside the lock. */
static void run_item(struct pipe_pool *pool, struct sim_pipe *e, struct pipe_item *it)
{
	pipe_item_execute(e, it);
	pthread_mutex_lock(&pool->lock);
	it->done = true;
	pool->running--;
	pthread_cond_broadcast(&pool->done);
	pthread_mutex_unlock(&pool->lock);
}

/* Takes the oldest queued item (lock held), or NULL. */
static struct pipe_item *take(struct pipe_pool *pool)
{
	struct pipe_item *it = pool->head;
	if (it) {
		pool->head = it->next;
		if (!pool->head)
			pool->tail = NULL;
		pool->queued--;
		pool->running++;
	}
	return it;
}

/* A pool thread: takes queued items in order and executes them on its own
 * executor (run_item()) until the pool stops. */
static void *worker_main(void *arg)
{
	const struct worker_arg *a = arg;
	struct pipe_pool *pool = a->pool;
	struct sim_pipe *e = pool->exec[a->index];
	pthread_mutex_lock(&pool->lock);
	for (;;) {
		while (!pool->stop && !pool->head)
			pthread_cond_wait(&pool->work, &pool->lock);
		if (pool->stop)
			break;
		struct pipe_item *it = take(pool);
		pthread_mutex_unlock(&pool->lock);
		run_item(pool, e, it);
		pthread_mutex_lock(&pool->lock);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

static void pool_stop(struct pipe_pool *pool)
{
	pthread_mutex_lock(&pool->lock);
	pool->stop = true;
	pthread_cond_broadcast(&pool->work);
	pthread_mutex_unlock(&pool->lock);
	for (unsigned i = 0; i < pool->nthreads; i++)
		pthread_join(pool->threads[i], NULL);
	pool->nthreads = 0;
	pool->stop = false;
}

void pipe_pool_destroy(struct pipe_pool *pool)
{
	if (!pool)
		return;
	if (pool->pid == getpid())
		pool_stop(pool);
	for (unsigned i = 0; i <= POOL_MAX_THREADS; i++)
		pipe_executor_destroy(pool->exec[i]);
	pthread_cond_destroy(&pool->work);
	pthread_cond_destroy(&pool->done);
	pthread_mutex_destroy(&pool->lock);
	free(pool);
}

/* Starts threads until there are n - 1 (the caller is the n-th). Fewer
 * when the host refuses: the job then runs on those there are. */
static void pool_grow(struct pipe_pool *pool, unsigned n)
{
	if (pool->pid != getpid()) { /* a forked child: the threads are gone */
		pool->nthreads = 0;
		pool->head = pool->tail = NULL;
		pool->queued = pool->running = 0;
		pthread_mutex_init(&pool->lock, NULL);
		pthread_cond_init(&pool->work, NULL);
		pthread_cond_init(&pool->done, NULL);
		pool->pid = getpid();
	}
	if (n - 1 < pool->nthreads)
		pool_stop(pool);
	while (pool->nthreads < n - 1) {
		unsigned i = pool->nthreads + 1;
		if (!pool->exec[i] && !(pool->exec[i] = pipe_executor_create()))
			break;
		pool->args[i - 1] = (struct worker_arg){ .pool = pool, .index = i };
		if (pthread_create(&pool->threads[i - 1], NULL, worker_main, &pool->args[i - 1]))
			break;
		pool->nthreads++;
	}
}

/* The pool of p, made on first use, with its first executor, resized by
 * pool_grow() for `threads` threads in all (capped; the caller is one of
 * them). Returns NULL when out of memory. */
struct pipe_pool *pipe_pool_get(struct sim_pipe *p, unsigned threads)
{
	struct pipe_pool *pool = p->pool;
	if (!pool) {
		pool = calloc(1, sizeof(*pool));
		if (!pool)
			return NULL;
		pthread_mutex_init(&pool->lock, NULL);
		pthread_cond_init(&pool->work, NULL);
		pthread_cond_init(&pool->done, NULL);
		pool->pid = getpid();
		p->pool = pool;
	}
	if (!pool->exec[0] && !(pool->exec[0] = pipe_executor_create()))
		return NULL;
	if (threads > POOL_MAX_THREADS + 1)
		threads = POOL_MAX_THREADS + 1;
	if (pool->pid != getpid() || pool->nthreads != threads - 1)
		pool_grow(pool, threads);
	return pool;
}

unsigned pipe_pool_make_executors(struct pipe_pool *pool, unsigned n)
{
	n = n > POOL_MAX_THREADS + 1 ? POOL_MAX_THREADS + 1 : n;
	for (unsigned i = 0; i < n; i++)
		if (!pool->exec[i] && !(pool->exec[i] = pipe_executor_create()))
			return i;
	return n;
}

unsigned pipe_pool_executors(const struct pipe_pool *pool)
{
	return pool->nthreads + 1;
}

struct sim_pipe *pipe_pool_executor(struct pipe_pool *pool, unsigned i)
{
	return pool->exec[i];
}

/* Queues item it for the workers, or runs it at once without threads. */
void pipe_pool_submit(struct pipe_pool *pool, struct pipe_item *it)
{
	it->next = NULL;
	it->done = false;
	if (pool->nthreads == 0) { /* no threads: run it here and now */
		pipe_item_execute(pool->exec[0], it);
		it->done = true;
		return;
	}
	pthread_mutex_lock(&pool->lock);
	if (pool->tail)
		pool->tail->next = it;
	else
		pool->head = it;
	pool->tail = it;
	pool->queued++;
	pthread_cond_signal(&pool->work);
	pthread_mutex_unlock(&pool->lock);
}

/* Runs queued items on the caller's executor until `it` is done. */
void pipe_pool_wait_item(struct pipe_pool *pool, const struct pipe_item *it)
{
	if (pool->nthreads == 0)
		return;
	pthread_mutex_lock(&pool->lock);
	while (!it->done) {
		struct pipe_item *other = take(pool);
		if (other) {
			pthread_mutex_unlock(&pool->lock);
			run_item(pool, pool->exec[0], other);
			pthread_mutex_lock(&pool->lock);
		} else {
			pthread_cond_wait(&pool->done, &pool->lock);
		}
	}
	pthread_mutex_unlock(&pool->lock);
}

bool pipe_pool_is_done(struct pipe_pool *pool, const struct pipe_item *it)
{
	if (pool->nthreads == 0)
		return it->done;
	pthread_mutex_lock(&pool->lock);
	bool d = it->done;
	pthread_mutex_unlock(&pool->lock);
	return d;
}
