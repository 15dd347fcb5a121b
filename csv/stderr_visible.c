#define _GNU_SOURCE
#include "text_visible.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* The one control sequence osslbench itself writes to a terminal: the
 * progress line's erase to the end of the line (harness/progress.c). */
static const char erase_eol[] = "\033[K";

static bool write_all(const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(STDERR_FILENO, p, n);
        if (w <= 0)
            return false;
        p += w, n -= (size_t)w;
    }
    return true;
}

/* One chunk of stderr (a whole fprintf on an unbuffered stream) with every
 * control character escaped by text_put_visible, but for line breaks, tabs,
 * carriage returns and erase_eol. */
static ssize_t visible_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    char *text = malloc(n + 1), *out = NULL;
    size_t len = 0;
    FILE *m = text != NULL ? open_memstream(&out, &len) : NULL;
    if (m == NULL) {
        free(text);
        return write_all(buf, n) ? (ssize_t)n : -1;
    }
    memcpy(text, buf, n);
    text[n] = '\0';
    for (char *p = text, *end = text + n; p < end;) {
        char *eol = memmem(p, (size_t)(end - p), erase_eol, sizeof erase_eol - 1);
        char *stop = eol != NULL ? eol : end;
        char *nul = memchr(p, '\0', (size_t)(stop - p));
        if (nul != NULL)
            stop = nul;
        char keep = *stop;
        *stop = '\0';
        text_put_visible(m, p, true);
        *stop = keep;
        if (stop == nul) {
            fputs("\\x00", m);
            p = stop + 1;
        } else if (stop == eol) {
            fputs(erase_eol, m);
            p = stop + sizeof erase_eol - 1;
        } else {
            p = stop;
        }
    }
    fclose(m);
    bool ok = write_all(out, len);
    free(out);
    free(text);
    return ok ? (ssize_t)n : -1;
}

void stderr_visible_install(void)
{
    cookie_io_functions_t io = {.write = visible_write};
    FILE *f = fopencookie(NULL, "w", io);
    if (f == NULL)
        return;
    setvbuf(f, NULL, _IONBF, 0);
    fflush(stderr);
    stderr = f;
}
