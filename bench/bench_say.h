/* What `make compare` says: lines on stderr that begin "compare: ", the
 * name users typed (cli/cmd_bench.c is what make compare runs). */
#ifndef BENCH_BENCH_SAY_H
#define BENCH_BENCH_SAY_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static inline void bench_vsay(const char *prefix, const char *fmt, va_list ap)
{
    fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

__attribute__((format(printf, 1, 2))) static inline void bench_say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bench_vsay("compare: ", fmt, ap);
    va_end(ap);
}

/* "compare: error: ..." on stderr; returns 1, the exit status it means. */
__attribute__((format(printf, 1, 2))) static inline int bench_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bench_vsay("compare: error: ", fmt, ap);
    va_end(ap);
    return 1;
}

/* Appends word to the blank-separated list in buf (cut short when full). */
static inline void bench_join(char *buf, size_t n, const char *word)
{
    size_t len = strlen(buf), add = strlen(word) + (len > 0);
    if (len + add + 1 > n)
        return;
    if (len > 0)
        buf[len++] = ' ';
    memcpy(buf + len, word, strlen(word) + 1);
}

#endif
