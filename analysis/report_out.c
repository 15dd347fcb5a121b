#include "report_out.h"

#include <string.h>

FILE *report_out_open(const folder_out *o, const char *name, char *why, size_t n)
{
    char reason[4600];
    FILE *f = folder_out_file(o, name, reason, sizeof reason);
    if (f == NULL)
        snprintf(why, n, "%s/%s: cannot write: %s", o->dir, name, reason);
    return f;
}

bool report_out_close(FILE *f, const folder_out *o, const char *name, char *why, size_t n)
{
    if (folder_out_close(f))
        return true;
    snprintf(why, n, "%s/%s: write error", o->dir, name);
    return false;
}

bool report_out_files(const char *dir, report_out_writer w, const void *ctx, char *why, size_t n)
{
    folder_out o;
    if (!folder_out_begin(&o, dir, why, n))
        return false;
    if (!w(&o, ctx, why, n)) {
        folder_out_end(&o);
        return false;
    }
    return folder_out_publish_all(&o, why, n);
}

typedef struct {
    const report *r;
    int formats;
} report_files;

/* One table file: w, or with w NULL release rel's speed table. */
static bool write_file(const folder_out *o, const char *name, const report *r,
                       void (*w)(const report *, FILE *), size_t rel, char *why, size_t n)
{
    FILE *f = report_out_open(o, name, why, n);
    if (f == NULL)
        return false;
    if (w != NULL)
        w(r, f);
    else
        report_write_speed(r, rel, f);
    return report_out_close(f, o, name, why, n);
}

/* timeline-releases.md, for a run of REPORT_TIMELINE_MIN releases or more. */
static bool write_timeline_md(const folder_out *o, const report *r, char *why, size_t n)
{
    const char *name = "timeline-releases.md";
    FILE *f = report_out_open(o, name, why, n);
    if (f == NULL)
        return false;
    bool written = report_write_timeline_md(r, f);
    bool closed = report_out_close(f, o, name, why, n);
    if (!written)
        snprintf(why, n, "%s/%s: out of memory", o->dir, name);
    return closed && written;
}

static bool write_dat(const folder_out *o, const report *r, char *why, size_t n)
{
    if (!report_draws_release_bars(r))
        fprintf(stderr, "osslbench report: %zu releases: no throughput, speed-up, op/s or "
                        "API-path charts (a series per release; at most %d): the "
                        "timeline-* charts show every release instead\n",
                report_releases_measured(r), REPORT_BARS_MAX);
    return report_write_dat(r, o->stage, why, n);
}

/* Every file of the formats into o's stage; report_out_files publishes them. */
static bool write_outputs(const folder_out *o, const void *ctx, char *why, size_t n)
{
    const report *r = ((const report_files *)ctx)->r;
    int formats = ((const report_files *)ctx)->formats;
    bool ok = true;
    if ((formats & F_MD) && report_draws_timeline(r))
        ok = write_timeline_md(o, r, why, n);
    if (formats & F_TERM)
        ok = ok && write_file(o, "speedup.txt", r, report_write_term, 0, why, n);
    if (formats & F_CSV)
        ok = ok && write_file(o, "speedup.csv", r, report_write_csv, 0, why, n);
    if (formats & F_MD)
        ok = ok && write_file(o, "speedup.md", r, report_write_md, 0, why, n);
    if ((formats & F_SCALING) && report_has_workers(r)) {
        ok = ok && write_file(o, "scaling.txt", r, report_write_scaling, 0, why, n);
        ok = ok && write_file(o, "scaling.csv", r, report_write_scaling_csv, 0, why, n);
    }
    for (size_t k = 0; (formats & F_SPEED) && ok && k < r->nrel; k++) {
        char tok[64], name[96];
        report_file_token(r->rel[k].label, tok, sizeof tok);
        snprintf(name, sizeof name, "speed-%s.txt", tok);
        ok = write_file(o, name, r, NULL, k, why, n);
    }
    return ok && (!(formats & F_DAT) || write_dat(o, r, why, n));
}

bool report_files_write(const report *r, int formats, const char *dir, char *why, size_t n)
{
    report_files files = {.r = r, .formats = formats};
    return report_out_files(dir, write_outputs, &files, why, n);
}
