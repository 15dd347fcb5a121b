/* A point run by several workers at once, in the library's child: N threads
 * of the child, or N processes forked from it (`openssl speed -multi`, which
 * share no locks).  Each worker sets up its own state (the descriptor's
 * setup(): states never share a context), checks known answers while the
 * others do, and times the same number of operations; all start together
 * on a barrier.  The gap between N threads and N processes is the cost of
 * state the threads share inside libcrypto. */
#ifndef HARNESS_WORKERS_H
#define HARNESS_WORKERS_H

#include "../record/row.h"
#include "disturbance.h"
#include "workload.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct worker_group worker_group;

/* Call once in the child before it pins itself to one CPU: the CPUs the
 * process may use, which workers are spread over (worker i on the i-th,
 * counting down from the last; more workers than CPUs share them). */
void workers_remember_cpus(void);

/* Starts `threads` threads (procs == 1) or `procs` processes (threads ==
 * 1); each calls setup(), then all run the workload's self-check at once
 * for a few milliseconds.  NULL with a status (ST_ERROR, ST_KAT_FAILED) and
 * a one-line reason on failure. */
worker_group *workers_open(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                           uint64_t bytes, unsigned threads, unsigned procs, bool cpu_clock,
                           row_status *status, char *why, size_t n);

/* An operation count per worker for samples of about target_ns (0 on failure). */
uint64_t workers_calibrate(worker_group *g, uint64_t target_ns);

/* Every worker runs `iterations` operations, released together.  Returns the
 * time from their start to the last one's end (wall clock), or with the CPU
 * clock the workers' CPU time divided by their number, so that N x
 * iterations / time is the aggregate rate either way; UINT64_MAX + reason
 * when an operation failed.  watch (may be NULL): every worker's involuntary
 * switches and migrations, and the wall and CPU time of the worker that spent
 * the most time off its CPU. */
uint64_t workers_sample(worker_group *g, uint64_t iterations, sample_watch *watch, char *why,
                        size_t n);

/* Whether each worker has a CPU of its own: only then does a switch mean
 * that something else took it (more workers than CPUs switch by design). */
bool workers_watchable(const worker_group *g);

void workers_close(worker_group *g);

#endif
