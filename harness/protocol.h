/* Parent <-> child messages.  The child is a fork of the runner (no exec),
 * so fixed-size structs travel over pipes as they are. */
#ifndef HARNESS_PROTOCOL_H
#define HARNESS_PROTOCOL_H

#include "../record/row.h"
#include "agreement.h"
#include "disturbance.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum { REQ_PREPARE = 1, REQ_SAMPLE, REQ_FINISH } request_type;

typedef struct {
    request_type type;
    char workload[32]; /* as on the command line: sha256, rsa2048 */
    int api;           /* api_path */
    int op;            /* index into the workload's ops */
    uint64_t bytes;
    uint64_t target_ns;  /* PREPARE: how long one sample should last */
    uint64_t target_instructions; /* PREPARE of a counting child: instructions per sample */
    uint64_t iterations; /* SAMPLE: operations to time (0: the calibrated count) */
    bool cpu_clock;      /* PREPARE: time with the thread's CPU clock, not the wall clock */
    uint32_t threads, procs; /* PREPARE: workers running the point at once (workers.h) */
    bool thread_safety;  /* PREPARE: the run uses threads: a release that needs the
                          * application's locking callbacks gets them (before any sample) */
    bool on_workers;     /* PREPARE: run even one worker on a worker thread (a run with
                          * several worker counts measures 1 and N the same way) */
} request;

typedef struct {
    row_status status;
    uint64_t iterations; /* PREPARE: operations per sample (per worker) */
    uint64_t instructions; /* SAMPLE of a counting child (counting.h): of `iterations` ops */
    char profile[48];    /* SAMPLE of a counting child that keeps profiles: the file's
                          * name in the counts folder, else "" */
    uint64_t ns;         /* SAMPLE: elapsed time of `iterations` operations (on every
                          * worker: from their start to the last one's end) */
    sample_watch watch;  /* SAMPLE: what happened to the timing thread(s) meanwhile */
    bool watched;        /* SAMPLE: watch applies (not counted; each worker a CPU of its own) */
    unsigned long version_num;
    char version[32];
    char version_text[160];
    char note[256];      /* why not ok; in an ok hello, a remark (--provider ignored) */
    char flavor[16];     /* hello: openssl or the fork (compat/flavor.h) */
    char providers[PROVIDERS_SIZE]; /* hello: the providers loaded (harness/providers.h) */
    char ia32cap[96];    /* hello: the OPENSSL_ia32cap the library saw (cpuinfo.h), or "" */
    char fingerprint[FINGERPRINT_SIZE]; /* PREPARE: one operation's output (agreement.h), or "" */
} reply;

/* Whole-message I/O; false on EOF or error. */
bool proto_write(int fd, const void *msg, size_t len);
bool proto_read(int fd, void *msg, size_t len);

#endif
