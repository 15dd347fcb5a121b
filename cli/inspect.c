/* The part `list` and `info` share: each library is loaded in a child of its
 * own (libproc), under run's --timeout, so that one which hangs or crashes
 * while loading is one line on stderr and the others are still shown. */
#include "inspect.h"

#include "../harness/libproc.h"
#include "../options/option_values.h"
#include "../options/run_options.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the child shows: set before the fork, so the child has it too. */
static inspect_fn shown_by;
static bool shown_verbose;
/* Why a write to stdout failed: a large fwrite can fail past the buffer,
 * and the final fflush then has nothing left to fail on. */
static int stdout_errno;

/* The child's side.  The whole text is made before the first answer, so a
 * library that hangs or crashes while it is read gives no half listing; it
 * then goes back one piece per request (the piece's length in
 * `iterations`, 0 at the end), as replies are fixed-size. */
static void serve_text(const crypto_lib *lib, int in_fd, int out_fd)
{
    char *text = NULL;
    size_t len = 0, sent = 0;
    reply rp = {.status = ST_OK};
    FILE *m = open_memstream(&text, &len);
    if (m != NULL)
        shown_by(lib, shown_verbose, m);
    if (m == NULL || fclose(m) != 0) {
        rp.status = ST_ERROR;
        snprintf(rp.note, sizeof rp.note, "cannot hold its listing: %s", strerror(errno));
    }
    request rq;
    while (proto_read(in_fd, &rq, sizeof rq)) {
        if (rp.status == ST_OK) {
            size_t k = len - sent < sizeof rp.note ? len - sent : sizeof rp.note;
            memcpy(rp.note, text + sent, k);
            rp.iterations = k;
            sent += k;
        }
        if (!proto_write(out_fd, &rp, sizeof rp))
            break;
    }
    free(text);
}

/* Runs one library's child and gathers what it shows into `out`.  false
 * after the one-line error. */
static bool gather(const char *cmd, const char *path, double timeout_s, FILE *out)
{
    libproc lp = {.path = path, .serve = serve_text};
    char why[300] = "";
    bool ok = libproc_start(&lp, -1, timeout_s);
    if (!ok)
        snprintf(why, sizeof why, "%s", lp.load_error);
    for (request rq = {.type = REQ_SAMPLE}; ok;) {
        reply rp;
        char what[256] = "";
        call_result cr = libproc_call(&lp, &rq, &rp, timeout_s, what, sizeof what);
        if (cr != CALL_OK || rp.status != ST_OK || rp.iterations > sizeof rp.note) {
            snprintf(why, sizeof why, "%s while reading what it has",
                     cr != CALL_OK ? what : rp.status != ST_OK ? rp.note : "a garbled answer");
            ok = false;
        } else if (rp.iterations == 0) {
            break;
        } else {
            fwrite(rp.note, 1, (size_t)rp.iterations, out);
        }
    }
    libproc_stop(&lp);
    if (!ok)
        fprintf(stderr, "osslbench %s: --lib %s: %s\n", cmd, path, why);
    return ok;
}

/* A library's text reaches stdout only whole, and only here, with SIGPIPE
 * as the caller had it (`| head` ends us quietly, as before); while its
 * child is talked to, a dead child is an error on the pipe, not our end. */
static bool show(const char *cmd, const char *path, double timeout_s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (m == NULL) {
        fprintf(stderr, "osslbench %s: --lib %s: %s\n", cmd, path, strerror(errno));
        return false;
    }
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    bool ok = gather(cmd, path, timeout_s, m);
    signal(SIGPIPE, old);
    if (fclose(m) != 0) {
        fprintf(stderr, "osslbench %s: --lib %s: %s\n", cmd, path, strerror(errno));
        ok = false;
    }
    if (ok && fwrite(text, 1, len, stdout) != len)
        stdout_errno = errno;
    free(text);
    return ok;
}

void inspect_write_failed(int err)
{
    if (stdout_errno == 0)
        stdout_errno = err;
}

int inspect_output_done(const char *cmd, int rc)
{
    bool failed = ferror(stdout) != 0;
    int err = stdout_errno;
    if (fflush(stdout) != 0) {
        failed = true;
        err = errno;
    }
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    if (!failed)
        return rc;
    fprintf(stderr, "osslbench %s: writing the listing failed: %s\n", cmd,
            strerror(err != 0 ? err : EIO));
    return rc != 0 ? rc : 1;
}

typedef struct {
    const char *paths[MAX_LIBS];
    size_t n;
    bool verbose;
    double timeout_s;
} inspect_args;

static bool take_lib(const option_spec *o, void *dest, const char *typed, const char *v,
                     char *why, size_t n)
{
    (void)o, (void)typed;
    inspect_args *a = dest;
    char label[LABEL_SIZE];
    if (a->n == MAX_LIBS) {
        snprintf(why, n, "at most %d libraries (--lib) at once", MAX_LIBS);
        return false;
    }
    if (!parse_lib_arg(v, &a->paths[a->n], label, sizeof label, why, n))
        return false;
    a->n++;
    return true;
}

static bool take_timeout(const option_spec *o, void *dest, const char *typed, const char *v,
                         char *why, size_t n)
{
    (void)o, (void)typed;
    return parse_seconds(v, 0.1, 86400, &((inspect_args *)dest)->timeout_s, why, n);
}

const option_spec inspect_specs[] = {
    OPTION_VALUE("--lib", "-l", "PATH", take_lib, "a libcrypto to look at, one --lib each"),
    OPTION_FLAG("--verbose", "-v", inspect_args, verbose,
                "info: also the symbols of compat/symbols.def the build lacks\n"
                "or has unexpectedly (list shows the same either way)"),
    OPTION_VALUE("--timeout", NULL, "S", take_timeout,
                 "a library that does not answer in S seconds is hung (default 60)"),
    OPTION_END,
};

int inspect(int argc, char **argv, inspect_fn fn, const option_table *t)
{
    inspect_args a = {.timeout_s = DEFAULT_TIMEOUT_S};
    int rc = option_parse(t, argc, argv, &a);
    if (rc == OPTIONS_HELP)
        return inspect_output_done(argv[0], 0);
    if (rc != OPTIONS_READY)
        return rc;
    if (a.n == 0)
        return option_refuse(t, "no library given (use --lib PATH)");
    shown_by = fn;
    shown_verbose = a.verbose;
    for (size_t i = 0; i < a.n && !ferror(stdout); i++)
        if (!show(argv[0], a.paths[i], a.timeout_s))
            rc = 1;
    return inspect_output_done(argv[0], rc);
}
