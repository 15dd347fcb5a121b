/* "Why" under a verdict: a run folder's explain/changes.csv (make compare
 * EXPLAIN=N, record/explain_changes.def) read as data, each explained change
 * shown under its verdict with its two charts (inert images).  The file is
 * hostile like any of a handed folder: read by record/folder_file.h's rule
 * (a regular file, inside the run folder through no symlinked explain/,
 * bounded), every field escaped; a chart named by it must be a plain file
 * name there, read by the same rule. */
#include "report_html_parts.h"
#include "../csv/csv_lines.h"
#include "../csv/units.h"
#include "../record/folder_file.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
#define XCOL(name) X_##name,
#include "../record/explain_changes.def"
#undef XCOL
    X_COUNT
};

static const char *const columns[] = {
#define XCOL(name) #name,
#include "../record/explain_changes.def"
#undef XCOL
};

_Static_assert(X_COUNT <= sizeof ((html_explanation *)0)->field / sizeof(char *),
               "html_explanation holds every column");

static bool header_ok(const csv_line *l)
{
    if (l->count != X_COUNT)
        return false;
    for (size_t c = 0; c < X_COUNT; c++)
        if (strcmp(l->field[c], columns[c]) != 0)
            return false;
    return true;
}

static bool add_row(html_explained *x, const csv_line *l)
{
    html_explanation *more = realloc(x->e, (x->n + 1) * sizeof *more);
    if (more == NULL)
        return false;
    x->e = more;
    html_explanation *e = &x->e[x->n];
    for (size_t c = 0; c < X_COUNT; c++)
        if ((e->field[c] = strdup(l->field[c])) == NULL) {
            while (c-- > 0)
                free(e->field[c]);
            return false;
        }
    x->n++;
    return true;
}

void html_explained_read(const char *in, html_explained *x)
{
    *x = (html_explained){0};
    if (in == NULL)
        return;
    char why[128];
    FILE *f = folder_file_open_in(in, "explain/changes.csv", FOLDER_FILE_TEXT_MAX, why, sizeof why);
    if (f == NULL) {
        if (strcmp(why, "missing") != 0)
            snprintf(x->problem, sizeof x->problem, "explain/changes.csv: %s", why);
        return;
    }
    snprintf(x->root, sizeof x->root, "%s", in);
    char *buf = NULL;
    size_t cap = 0, lineno = 0;
    bool complete, eof, nul;
    while (csv_read_line(f, &buf, &cap, &complete, &eof, &nul) && !eof) {
        csv_line l;
        const char *err = NULL;
        bool ok = complete && !nul && csv_split(buf, &l, &err);
        if (ok && lineno++ == 0)
            ok = header_ok(&l);
        else if (ok)
            ok = l.count == X_COUNT && add_row(x, &l);
        if (!ok) {
            snprintf(x->problem, sizeof x->problem, "explain/changes.csv: line %zu is not one "
                     "osslbench explain writes; its explanations are left out", lineno);
            break;
        }
    }
    free(buf);
    fclose(f);
}

void html_explained_free(html_explained *x)
{
    for (size_t i = 0; i < x->n; i++)
        for (size_t c = 0; c < X_COUNT; c++)
            free(x->e[i].field[c]);
    free(x->e);
    *x = (html_explained){0};
}

static const html_explanation *find(const html_explained *x, const verdict_point *p,
                                    const char *old_label, const char *new_label)
{
    char bytes[32];
    snprintf(bytes, sizeof bytes, "%" PRIu64, p->bytes);
    for (size_t i = 0; x->problem[0] == '\0' && i < x->n; i++) {
        char *const *f = x->e[i].field;
        if (strcmp(f[X_workload], p->workload) == 0 && strcmp(f[X_api], p->api) == 0 &&
            strcmp(f[X_op], p->op) == 0 && strcmp(f[X_bytes], bytes) == 0 &&
            strcmp(f[X_label], new_label) == 0 && strcmp(f[X_baseline], old_label) == 0)
            return &x->e[i];
    }
    return NULL;
}

/* A count of the file, as people read it ("-" when it is no number). */
static void put_count(FILE *f, const char *text, bool sign)
{
    char *end, out[48];
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(v) || fabs(v) > 1e15) {
        fputs("-", f);
        return;
    }
    unit_count_grouped(out, sizeof out, v, sign);
    fputs(out, f);
}

/* A chart the row names, as the charts of charts.list are shown. */
static void put_chart(html_page *pg, const html_explained *x, const char *file, const char *title)
{
    size_t len = strlen(file);
    html_chart ch = {.kind = "explain"};
    char token[sizeof ch.name];
    report_file_token(file, token, sizeof token);
    if (len <= 4 || strcmp(file + len - 4, ".svg") != 0 || len - 4 >= sizeof ch.name ||
        strcmp(token, file) != 0) {
        fputs("<p class=\"bad\">explain/changes.csv names a chart that is no .svg file of its "
              "folder.</p>\n", pg->f);
        return;
    }
    snprintf(ch.name, sizeof ch.name, "%.*s", (int)(len - 4), file);
    snprintf(ch.title, sizeof ch.title, "%s", title);
    html_charts one = {.c = &ch, .n = 1, .sub = "explain"};
    snprintf(one.root, sizeof one.root, "%s", x->root);
    html_put_chart(pg, &one, 0, false);
}

void html_put_explanation(html_page *pg, const html_explained *x, const verdict_point *p,
                          const char *old_label, const char *new_label)
{
    const html_explanation *e = find(x, p, old_label, new_label);
    if (e == NULL)
        return;
    char *const *f = e->field;
    fputs("<div class=\"explain\"><p class=\"why\"><b>Why</b> (osslbench explain, instructions "
          "per operation under valgrind): ", pg->f);
    html_put(pg->f, f[X_baseline]);
    fputc(' ', pg->f);
    put_count(pg->f, f[X_baseline_per_op], false);
    fputs(" → ", pg->f);
    html_put(pg->f, f[X_label]);
    fputc(' ', pg->f);
    put_count(pg->f, f[X_per_op], false);
    fputs("; ", pg->f);
    html_put(pg->f, f[X_summary]);
    fputs("</p>\n", pg->f);
    put_chart(pg, x, f[X_bars], "the functions whose own instructions changed most");
    fputs("<details><summary>Flame graph: where ", pg->f);
    html_put(pg->f, f[X_label]);
    fputs(" spends an operation (red grew, blue shrank)</summary>\n", pg->f);
    put_chart(pg, x, f[X_flame], "differential flame graph");
    fputs("</details></div>\n", pg->f);
}

void html_put_explained_problem(html_page *pg, const html_explained *x)
{
    if (x->problem[0] == '\0')
        return;
    fputs("<p class=\"bad\">", pg->f);
    html_put(pg->f, x->problem);
    fputs("</p>\n", pg->f);
}
