/* charts.list -> gnuplot, as plots/draw-list.sh did: the same checks, the
 * same arguments, the same messages. */
#define _GNU_SOURCE
#include "chart_draw.h"
#include "../analysis/chart_kinds.h"
#include "../csv/units.h"
#include "../util/spawn.h"
#include "../harness/host.h"
#include "../record/folder_file.h"
#include "../record/folder_out.h"
#include "../record/name_index.h"

#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_FIELDS = 64 };

typedef struct {
    char *line;              /* the fields point into it */
    const char *field[MAX_FIELDS]; /* kind, name, slots, title, extra... */
    size_t nfield;
} chart_line;

static int die(const char *fmt, const char *a)
{
    fputs("plots: error: ", stderr);
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 1;
}

/* Fields as bash's `read` with IFS=tab gave them: a run of tabs is one
 * separator, tabs at either end are none. */
static void split(chart_line *c)
{
    c->nfield = 0;
    for (char *p = c->line; *p != '\0' && c->nfield < MAX_FIELDS;) {
        p += strspn(p, "\t");
        if (*p == '\0')
            break;
        c->field[c->nfield++] = p;
        p += strcspn(p, "\t");
        if (*p != '\0')
            *p++ = '\0';
    }
    for (size_t i = c->nfield; i < 4; i++)
        c->field[i] = "";
}

static bool known_kind(const char *kind)
{
    for (int k = 0; k < CHART_COUNT; k++)
        if (strcmp(kind, chart_kind_name((chart_kind)k)) == 0)
            return true;
    return false;
}

static bool matches(const char *pattern, const char *text)
{
    regex_t re;
    if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0)
        return false;
    bool ok = regexec(&re, text, 0, NULL, 0) == 0;
    regfree(&re);
    return ok;
}

static void free_list(chart_line *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i].line);
    free(list);
}

/* The lines of charts.list, each checked; NULL after saying which is bad.
 * A last line without its newline is not read (as `read` did not). */
static chart_line *read_list(const char *dir, size_t *count)
{
    char path[4200], why[128];
    snprintf(path, sizeof path, "%s/charts.list", dir);
    FILE *f = folder_file_open(path, FOLDER_FILE_TEXT_MAX, why, sizeof why);
    if (f == NULL && strcmp(why, "missing") == 0)
        return die("%s has no charts.list", dir), NULL;
    if (f == NULL) {
        char what[4400];
        snprintf(what, sizeof what, "%s: %s (a folder's files are read only as regular files in it)", path, why);
        return die("%s", what), NULL;
    }
    chart_line *list = NULL;
    size_t n = 0, cap = 0, len = 0;
    char *line = NULL;
    bool ok = true;
    for (ssize_t got; ok && (got = getline(&line, &len, f)) > 0;) {
        if (line[got - 1] != '\n')
            break;
        if (n == FOLDER_LIST_MAX) {
            char most[32];
            snprintf(most, sizeof most, "%d", FOLDER_LIST_MAX);
            ok = !die("charts.list: more than %s charts", most);
            break;
        }
        line[got - 1] = '\0';
        if (n == cap && (list = realloc(list, (cap = cap ? 2 * cap : 16) * sizeof *list)) == NULL)
            abort();
        chart_line *c = &list[n];
        if ((c->line = strdup(line)) == NULL)
            abort();
        n++;
        split(c);
        if (!known_kind(c->field[0]))
            ok = !die("charts.list: unknown chart kind '%s'", c->field[0]);
        else if (!matches("^[A-Za-z0-9][A-Za-z0-9._-]*$", c->field[1]))
            ok = !die("charts.list: bad chart name '%s'", c->field[1]);
        else if (!matches("^[0-9]+( [0-9]+)*$", c->field[2]))
            ok = !die("charts.list: bad series list for %s", c->field[1]);
    }
    free(line);
    fclose(f);
    *count = n;
    if (!ok) {
        free_list(list, n);
        return NULL;
    }
    return list;
}

static const char *const formats[] = {"png", "svg"};

static void append(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

/* The log-axis tics of csv/units.c as gnuplot arrays (common.gp's
 * logtics_for and logtics_k): text made here from numbers alone, given to
 * every chart with -e.  %.17g: gnuplot reads back the very doubles. */
static void tic_arrays(char *buf, size_t n)
{
    char at[1024] = "", plain[1024] = "", short_form[1024] = "", decades[256] = "", label[32];
    for (size_t i = 0; i < UNIT_TIC_COUNT; i++) {
        bool decade;
        double v = unit_tic_at(i, &decade);
        const char *sep = i ? ", " : "";
        append(at, sizeof at, "%s%.17g", sep, v);
        unit_tic_label(label, sizeof label, v, false);
        append(plain, sizeof plain, "%s\"%s\"", sep, label);
        unit_tic_label(label, sizeof label, v, true);
        append(short_form, sizeof short_form, "%s\"%s\"", sep, label);
        append(decades, sizeof decades, "%s%d", sep, decade);
    }
    snprintf(buf, n,
             "array tic_at[%d] = [%s]; array tic_plain[%d] = [%s]; array tic_short[%d] = [%s]; "
             "array tic_decade[%d] = [%s]",
             UNIT_TIC_COUNT, at, UNIT_TIC_COUNT, plain, UNIT_TIC_COUNT, short_form, UNIT_TIC_COUNT,
             decades);
}

/* One gnuplot: in dir (a stage: the chart's data copied in, the chart
 * written there), its stderr appended to gnuplot-NAME.FMT.log. */
static pid_t start(const char *gnuplot, const char *plots_dir, const char *dir, const chart_line *c,
                   const char *fmt, const char *tics)
{
    char script[4200], dat[512], log[4700];
    snprintf(script, sizeof script, "%s/%s.gp", plots_dir, c->field[0]);
    snprintf(dat, sizeof dat, "%s.dat", c->field[1]);
    snprintf(log, sizeof log, "%s/gnuplot-%s.%s.log", dir, c->field[1], fmt);
    const char *argv[MAX_FIELDS + 10] = {"gnuplot", "-e", tics, "-c", script, fmt, dat,
                                         c->field[1], c->field[2], c->field[3]};
    size_t k = 10;
    for (size_t i = 4; i < c->nfield; i++)
        argv[k++] = c->field[i];
    argv[k] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0)
        dup2(fd, STDERR_FILENO);
    if (chdir(dir) != 0 || setenv("GNUPLOT_LIB", plots_dir, 1) != 0) {
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
        _exit(1);
    }
    execv(gnuplot, (char *const *)argv); /* found once: not one try per PATH entry each */
    fprintf(stderr, "cannot run gnuplot: %s\n", strerror(errno));
    _exit(127);
}

/* false when the child failed. */
static bool reap_one(void)
{
    int status;
    pid_t got;
    while ((got = wait(&status)) < 0 && errno == EINTR)
        ;
    return got > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static bool has_data(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

/* "chart NAME.FMT was not drawn: " and the log's first three lines, each
 * newline a blank (as `head -n 3 | tr '\n' ' '`). */
static void say_missing(const char *log, const char *name, const char *fmt)
{
    fprintf(stderr, "plots: chart %s.%s was not drawn: ", name, fmt);
    FILE *f = fopen(log, "r");
    for (int c, lines = 0; f != NULL && lines < 3 && (c = getc(f)) != EOF;) {
        lines += c == '\n';
        fputc(c == '\n' ? ' ' : c, stderr);
    }
    if (f != NULL)
        fclose(f);
    fputc('\n', stderr);
}

/* dir/NAME.dat, read as every file of a handed folder is, copied into the
 * stage where gnuplot reads it: a FIFO, a symlink or a huge file there
 * never reaches gnuplot.  false after saying why. */
static bool copy_data(const folder_out *o, const char *name)
{
    char path[4400], file[256], why[4600];
    snprintf(file, sizeof file, "%s.dat", name);
    snprintf(path, sizeof path, "%s/%s", o->dir, file);
    FILE *in = folder_file_open(path, FOLDER_FILE_DAT_MAX, why, sizeof why);
    FILE *out = in != NULL ? folder_out_file(o, file, why, sizeof why) : NULL;
    char buf[8192];
    for (size_t got; out != NULL && (got = fread(buf, 1, sizeof buf, in)) > 0;)
        fwrite(buf, 1, got, out);
    bool written = out != NULL && folder_out_close(out);
    bool ok = written && !ferror(in);
    if (in != NULL)
        fclose(in);
    if (!ok)
        fprintf(stderr, "plots: chart %s was not drawn: %s: %s\n", name, file,
                out == NULL ? why : "cannot be copied");
    return ok;
}

/* Every chart of list, each format, up to `jobs` gnuplots at a time, in
 * the stage; the number that failed. */
static size_t draw_all(const char *plots_dir, const folder_out *o, chart_line *list, size_t n)
{
    char gnuplot[4096], tics[4096];
    if (!spawn_which("gnuplot", gnuplot, sizeof gnuplot))
        return die("%s", "gnuplot is not installed (apt-get install gnuplot-nox)"), 2 * n + 1;
    tic_arrays(tics, sizeof tics);
    name_index copied = {0};
    size_t jobs = usable_cpu_count() > 0 ? usable_cpu_count() : 2, running = 0, failed = 0;
    for (size_t i = 0; i < n; i++) {
        size_t first = name_index_put(&copied, list[i].field[1], i);
        if (first == i && !copy_data(o, list[i].field[1]))
            list[i].field[1] = NULL; /* not drawn, said */
        if (list[first].field[1] == NULL) {
            failed += 2;
            continue;
        }
        for (size_t f = 0; f < 2; f++) {
            if (running >= jobs)
                failed += !reap_one(), running--;
            if (start(gnuplot, plots_dir, o->stage, &list[i], formats[f], tics) > 0)
                running++;
            else
                failed++;
        }
    }
    for (; running > 0; running--)
        failed += !reap_one();
    name_index_free(&copied);
    return failed;
}

/* Each chart drawn, and each log that says something, renamed into the
 * folder (over a planted symlink, never through it); the charts missing. */
static size_t publish(const folder_out *o, const chart_line *list, size_t n)
{
    size_t missing = 0;
    name_index done = {0};
    for (size_t i = 0; i < n; i++) {
        const char *name = list[i].field[1];
        if (name == NULL || name_index_put(&done, name, i) != i)
            continue;
        for (size_t f = 0; f < 2; f++) {
            char chart[300], log[320], path[4600], why[4800];
            snprintf(chart, sizeof chart, "%s.%s", name, formats[f]);
            snprintf(log, sizeof log, "gnuplot-%s.%s.log", name, formats[f]);
            snprintf(path, sizeof path, "%s/%s", o->stage, chart);
            bool drawn = has_data(path);
            if (drawn && !folder_out_publish(o, chart, why, sizeof why)) {
                fprintf(stderr, "plots: chart %s: %s\n", chart, why);
                drawn = false;
            }
            snprintf(path, sizeof path, "%s/%s", o->stage, log);
            missing += !drawn;
            if (!drawn)
                say_missing(path, name, formats[f]);
            if (has_data(path))
                folder_out_publish(o, log, why, sizeof why);
        }
    }
    name_index_free(&done);
    return missing;
}

int chart_draw_list(const char *plots_dir, const char *dir)
{
    size_t n = 0;
    chart_line *list = read_list(dir, &n);
    if (list == NULL)
        return 1;
    folder_out o;
    char why[4400];
    if (!folder_out_begin(&o, dir, why, sizeof why)) {
        free_list(list, n);
        return die("%s", why);
    }
    fprintf(stderr, "plots: drawing %zu charts (PNG + SVG) into %s\n", n, dir);
    size_t failed = draw_all(plots_dir, &o, list, n);
    size_t missing = failed > 2 * n ? 0 : publish(&o, list, n);
    folder_out_end(&o);
    free_list(list, n);
    if (failed == 0 && missing == 0)
        return 0;
    if (failed <= 2 * n)
        fprintf(stderr, "plots: error: %zu chart file(s) could not be drawn\n", missing);
    return 1;
}
