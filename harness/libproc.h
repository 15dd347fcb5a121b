/* The parent's handle on one library's child process. */
#ifndef HARNESS_LIBPROC_H
#define HARNESS_LIBPROC_H

#include "child.h"
#include "protocol.h"

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

typedef struct {
    const char *path;
    char label[LABEL_SIZE];
    pid_t pid;
    int to_child, from_child;
    bool loaded;                /* the last start answered hello */
    unsigned long version_num;
    char version[32];
    char version_text[160];
    char load_error[256];
    char flavor[16];
    char providers[PROVIDERS_SIZE]; /* as loaded (harness/providers.h) */
    char load_note[256];        /* a remark of the last start that loaded, or "" */
    child_serve_fn serve;       /* what the child does once loaded: NULL measures */
    const provider_setup *setup; /* the providers to load first; NULL: none */
    const char *counts_dir;     /* non-NULL: run the child under callgrind (valgrind_child.h) */
    bool keep_profiles;         /* and leave each sample's profile there (counting.h) */
    const char *ia32cap_env;    /* non-NULL: the child's OPENSSL_ia32cap (--cpu-mask) */
    char ia32cap[96];           /* the capability vector the library saw, or "" */
} libproc;

typedef enum { CALL_OK, CALL_CRASHED, CALL_TIMEOUT, CALL_INTERRUPTED } call_result;

/* Set by SIGINT/SIGTERM; every wait on a child gives up when it is set. */
extern volatile sig_atomic_t run_interrupted;
void install_interrupt_handlers(void);

/* Forks the child and waits (up to timeout_s) for its hello.  false with
 * lp->load_error set when the library cannot be used. */
bool libproc_start(libproc *lp, int cpu, double timeout_s);

/* One request/answer.  On a crash or timeout the child is reaped and `why`
 * says what happened; the caller may start it again. */
call_result libproc_call(libproc *lp, const request *rq, reply *rp, double timeout_s,
                         char *why, size_t n);

void libproc_stop(libproc *lp);

/* Each library's label: the one given (given[i], "" for none; given may be
 * NULL), else its release (lib<i+1> when it did not load); a second library
 * of the same name gets "-2", and so on. */
void libproc_assign_labels(libproc *libs, size_t n, const char (*given)[LABEL_SIZE]);

/* How the scheduler reaches a library: libproc_driver forks a child per
 * library (the functions above); the scheduler's unit test gives a
 * scripted fake instead, so no library is loaded there. */
typedef struct {
    bool (*start)(libproc *lp, int cpu, double timeout_s);
    call_result (*call)(libproc *lp, const request *rq, reply *rp, double timeout_s, char *why,
                        size_t n);
    void (*stop)(libproc *lp);
} lib_driver;

extern const lib_driver libproc_driver;

#endif
