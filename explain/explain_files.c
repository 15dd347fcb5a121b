#define _GNU_SOURCE
#include "explain_files.h"

#include "explain_svg.h"

#include "../csv/csv.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *name;
    explain_format format;
} outputs[3] = {{"explain.csv", EXPLAIN_CSV}, {"explain.json", EXPLAIN_JSON}, {"explain.md", EXPLAIN_MD}};

FILE *explain_file_create(const char *dir, const char *name, char *why, size_t n)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL) {
        snprintf(why, n, "cannot create %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

static void changes_header(FILE *f)
{
    static const char *const columns[] = {
#define XCOL(name) #name,
#include "../record/explain_changes.def"
#undef XCOL
    };
    for (size_t c = 0; c < sizeof columns / sizeof *columns; c++)
        fprintf(f, "%s%s", c ? "," : "", columns[c]);
    fputc('\n', f);
}

bool explain_files_open(explain_files *x, const char *dir, bool made, size_t top, char *why,
                        size_t n)
{
    *x = (explain_files){0};
    snprintf(x->dir, sizeof x->dir, "%s", dir);
    if (!made && mkdir(dir, 0755) != 0) {
        snprintf(why, n, "cannot make the folder %s: %s%s", dir, strerror(errno),
                 errno == EEXIST ? " (explain writes a new folder: name another)" : "");
        return false;
    }
    for (int i = 0; i < 3; i++) {
        x->w[i] = (explain_writer){.format = outputs[i].format, .top = top};
        if ((x->w[i].f = explain_file_create(dir, outputs[i].name, why, n)) == NULL) {
            for (int j = 0; j < i; j++)
                fclose(x->w[j].f);
            return false;
        }
        explain_write_begin(&x->w[i]);
    }
    if ((x->changes = explain_file_create(dir, "changes.csv", why, n)) == NULL) {
        for (int j = 0; j < 3; j++)
            fclose(x->w[j].f);
        return false;
    }
    changes_header(x->changes);
    return true;
}

/* One line of changes.csv: the change, its summary, its charts. */
static void changes_line(FILE *f, const explained_point *p, const point_diff *d, const char *bars,
                         const char *flame)
{
    char summary[1024];
    explain_summary(p, d, 3, summary, sizeof summary);
    const char *text[] = {p->workload, p->api, p->op};
    for (size_t i = 0; i < 3; i++)
        csv_put_field(f, text[i]), fputc(',', f);
    fprintf(f, "%" PRIu64 ",", p->bytes);
    csv_put_field(f, p->lib[d->lib].row.label), fputc(',', f);
    csv_put_field(f, p->lib[p->baseline].row.label);
    fprintf(f, ",%.10g,%.10g,%.10g,", lib_total_per_op(&p->lib[p->baseline]),
            lib_total_per_op(&p->lib[d->lib]), d->delta);
    csv_put_field(f, summary), fputc(',', f);
    csv_put_field(f, bars), fputc(',', f);
    csv_put_field(f, flame), fputc('\n', f);
}

static bool chart(explain_files *x, const char *name, const explained_point *p,
                  const point_diff *d, bool flame, char *why, size_t n)
{
    FILE *f = explain_file_create(x->dir, name, why, n);
    if (f == NULL)
        return false;
    if (flame)
        explain_svg_flame(f, p, d);
    else
        explain_svg_bars(f, p, d, 12);
    bool ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    if (!ok)
        snprintf(why, n, "writing %s/%s failed", x->dir, name);
    x->charts += ok;
    return ok;
}

bool explain_files_point(explain_files *x, const explained_point *p, char *why, size_t n)
{
    for (int i = 0; i < 3; i++)
        explain_write_point(&x->w[i], p);
    for (size_t i = 0; i < p->ndiff; i++) {
        if (x->want != NULL && !x->want(p, &p->diff[i], x->want_ctx))
            continue;
        char bars[256], flame[256];
        explain_chart_names(p, &p->diff[i], bars, flame, sizeof bars);
        if (!chart(x, bars, p, &p->diff[i], false, why, n) ||
            !chart(x, flame, p, &p->diff[i], true, why, n))
            return false;
        changes_line(x->changes, p, &p->diff[i], bars, flame);
    }
    return true;
}

bool explain_files_close(explain_files *x, char *why, size_t n)
{
    bool ok = true;
    for (int i = 0; i < 3; i++) {
        if (x->w[i].f == NULL)
            continue;
        explain_write_end(&x->w[i]);
        if (ferror(x->w[i].f) || fclose(x->w[i].f) != 0) {
            if (ok)
                snprintf(why, n, "writing %s/%s failed", x->dir, outputs[i].name);
            ok = false;
        }
        x->w[i].f = NULL;
    }
    if (x->changes != NULL && (ferror(x->changes) | fclose(x->changes)) != 0) {
        if (ok)
            snprintf(why, n, "writing %s/changes.csv failed", x->dir);
        ok = false;
    }
    x->changes = NULL;
    return ok;
}
