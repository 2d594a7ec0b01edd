/*
 * sim_kernel_job.h: the simulated kernel's inside, shared by its files, and
 * the seam where bin CL validation, RCL generation and execution slot in.
 *
 * SUBMIT_CL (sim_submit.c) does the ioctl-level checks, looks up the BOs and
 * copies the three user buffers into a `struct sim_job`. It then calls
 *   sim_kernel_validate_submit(k, job, diag)  -- may reject: -EINVAL + diag
 *                                                (sim_validate_job.c)
 *   (commit: seqno, BO seqnos and use counts)
 *   sim_kernel_run_job(k, job)                -- when the job runs: the 3D
 *                                                pipeline executes its CLs;
 *                                                cannot fail (an error is
 *                                                the job's hang reason)
 *                                                (sim_run.c, the queue)
 * Nothing is changed before validation succeeds, so a rejection leaves no
 * trace. The validator may keep its results in job->validated (freed with
 * sim_kernel_job_fini_validated(), sim_exec.c).
 *
 * The files call one way (meson.build lists them lowest first): the arena
 * and sim_kernel_base.c; perfmons and the binner; the validator's job state
 * (sim_exec.c); the queue (sim_run.c); the validation steps; the seam
 * (sim_validate_job.c); SUBMIT_CL and the waits; the ioctl dispatch
 * (sim_kernel.c).
 */
#ifndef VC4_SIM_KERNEL_JOB_H
#define VC4_SIM_KERNEL_JOB_H

#include <vc4_drm.h>

#include "sim_arena.h"
#include "sim_kernel.h"
#include "sim/pipe/sim_pipe.h"
#include "util/array.h"

struct qpu_kernel_info;

/* One GEM object. Freed when its handle is closed and no queued job uses it. */
struct sim_bo {
	uint32_t handle;      /* 0 once the handle has been closed */
	uint32_t paddr, size; /* paddr 0 once purged */
	bool is_shader;
	bool t_format;        /* SET_TILING's boolean */
	uint32_t madv;        /* VC4_MADV_WILLNEED, VC4_MADV_DONTNEED, __VC4_MADV_PURGED */
	uint64_t seqno;       /* last job that referenced it (WAIT_BO waits for it) */
	uint64_t write_seqno; /* last job that wrote it through the RCL */
	uint32_t usecnt;      /* queued jobs using it */
	char *label;          /* LABEL_BO's name, or NULL */
	struct qpu_kernel_info *shader; /* CREATE_SHADER_BO's result, or NULL */
};

/* What the validator produces (filled by sim_kernel_validate_submit). */
struct sim_job_validated {
	uint32_t ct0ca, ct0ea; /* bin CL in GPU memory; both 0 = no binning */
	uint32_t ct1ca, ct1ea; /* RCL in GPU memory */
	void *priv;            /* the validator's own state, or NULL */
};

/* One submission, from the copy-in to its completion. */
struct sim_job {
	struct drm_vc4_submit_cl args; /* the ioctl struct; pointer fields zeroed */
	struct sim_bo **bos;           /* bo_handles looked up, args.bo_handle_count */
	uint8_t *bin_cl;               /* the kernel's copies of the user buffers */
	uint8_t *shader_rec;
	uint8_t *uniforms;
	uint64_t seqno;                /* assigned at commit */
	struct sim_job_validated validated;
};

/* A performance monitor (PERFMON_CREATE). */
struct sim_perfmon {
	uint32_t ncounters;
	uint8_t events[DRM_VC4_MAX_PERF_COUNTERS];  /* VC4_PERFCNT_* */
	uint64_t values[DRM_VC4_MAX_PERF_COUNTERS]; /* accumulated by finished jobs */
};

struct sim_kernel {
	struct sim_memory mem;
	struct sim_arena arena;
	VC4_ARRAY(struct sim_bo *) handles; /* index = handle; NULL = free; [0] unused */
	VC4_ARRAY(struct sim_job *) queue;  /* submitted, unfinished, seqno order */
	VC4_ARRAY(struct sim_perfmon *) perfmons; /* id = index + 1; NULL = free */
	struct sim_binner *binner;          /* binner BO + slots (sim_binner.c);
					     * NULL while no job holds a slot */
	uint64_t emitted_seqno, finished_seqno;
	enum sim_kernel_exec exec;
	struct vc4_diag err;                /* reason for the last failing ioctl */
	struct sim_pipe *pipe;              /* created by the first job that runs */
	struct sim_pipe_stats last_stats;   /* what the last finished job did */
	struct vc4_diag hang;               /* why the last finished job hung */
	uint64_t hung_jobs;                 /* jobs the pipeline stopped with an error */
	struct {
		unsigned long request;
		int err;
		unsigned count;
	} inject;
};

/* sim_kernel_base.c. Records the reason for a failure and returns -err
 * (err is positive). */
int sim_kernel_fail(struct sim_kernel *k, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The live BO behind `handle`, or NULL. */
struct sim_bo *sim_kernel_lookup(const struct sim_kernel *k, uint32_t handle);

/* Frees a BO's memory and bookkeeping (not its handle slot). */
void sim_kernel_bo_free(struct sim_kernel *k, struct sim_bo *bo);

/* Drops one use of `bo` by a finished job, freeing it if it was closed. */
void sim_kernel_bo_unuse(struct sim_kernel *k, struct sim_bo *bo);

/* A host copy of `size` bytes at user pointer `ptr` (size 0 gives a 1-byte
 * buffer). NULL and -EFAULT/-ENOMEM in *err on failure. */
void *sim_kernel_copy_in(uint64_t ptr, uint32_t size, int *err);

int sim_kernel_submit_cl(struct sim_kernel *k, struct drm_vc4_submit_cl *args);
int sim_kernel_wait_seqno(struct sim_kernel *k, struct drm_vc4_wait_seqno *args);
int sim_kernel_wait_bo(struct sim_kernel *k, struct drm_vc4_wait_bo *args);

/* Perfmons (sim_perfmon.c). sim_kernel_perfmon_feed() adds what a finished
 * job did in the pipeline to the counters of perfmon `id` (none when 0). */
struct sim_perfmon *sim_kernel_perfmon(const struct sim_kernel *k, uint32_t id);
int sim_kernel_perfmon_create(struct sim_kernel *k, struct drm_vc4_perfmon_create *args);
int sim_kernel_perfmon_destroy(struct sim_kernel *k, struct drm_vc4_perfmon_destroy *args);
int sim_kernel_perfmon_get_values(struct sim_kernel *k,
				  struct drm_vc4_perfmon_get_values *args);
void sim_kernel_perfmon_feed(struct sim_kernel *k, uint32_t id,
			     const struct sim_pipe_stats *st);
void sim_kernel_perfmon_fini(struct sim_kernel *k);

/* The seam (docs/validation.md): validate and relocate a copied-in job
 * (sim_validate_job.c); run a committed one (sim_run.c); free what
 * validation took (sim_exec.c). */
bool sim_kernel_validate_submit(struct sim_kernel *k, struct sim_job *job,
				struct vc4_diag *diag);
void sim_kernel_run_job(struct sim_kernel *k, struct sim_job *job);
void sim_kernel_job_fini_validated(struct sim_kernel *k, struct sim_job *job);

/* The queue (sim_run.c). Frees a job that is rejected or has run. */
void sim_kernel_job_free(struct sim_kernel *k, struct sim_job *job);
/* When every binner slot is held, runs the queued jobs (as the kernel
 * waits for the last render) unless the GPU is stopped (manual exec). */
void sim_kernel_make_bin_slot(struct sim_kernel *k);

#endif
