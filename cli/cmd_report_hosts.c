/* `osslbench report HOST_A=DIR HOST_B=DIR ...`: the report over hosts.
 * Reads every input, tells which releases only some hosts have (stderr and
 * coverage.txt: a release missing somewhere is listed, never dropped), and
 * writes the tables and chart data (analysis/report_hosts*.c). */
#include "../analysis/report_hosts.h"
#include "../analysis/report_html.h"
#include "cmd_report_hosts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef void (*hosts_writer)(const hosts_report *, FILE *);

bool report_out_atomic(const char *dir, const char *name, void (*w)(const void *, FILE *),
                       const void *ctx)
{
    char why[4600];
    if (folder_out_write(dir, name, w, ctx, why, sizeof why))
        return true;
    fprintf(stderr, "osslbench report: %s\n", why);
    return false;
}

typedef struct {
    const hosts_report *h;
    const html_sources *src;
} hosts_page;

static void write_hosts_page(const void *ctx, FILE *f)
{
    const hosts_page *p = ctx;
    hosts_write_html(p->h, p->src, f);
}

static bool write_file(const folder_out *o, const char *name, const hosts_report *h, hosts_writer w,
                       char *why, size_t n)
{
    FILE *f = report_out_open(o, name, why, n);
    if (f == NULL)
        return false;
    w(h, f);
    return report_out_close(f, o, name, why, n);
}

typedef struct {
    const hosts_report *h;
    int formats;
} hosts_files;

static bool write_hosts_files(const folder_out *o, const void *ctx, char *why, size_t n)
{
    const hosts_files *x = ctx;
    bool ok = write_file(o, "coverage.txt", x->h, hosts_write_coverage, why, n);
    if (ok && (x->formats & F_TERM))
        ok = write_file(o, "hosts.txt", x->h, hosts_write_term, why, n);
    if (ok && (x->formats & F_CSV))
        ok = write_file(o, "hosts.csv", x->h, hosts_write_csv, why, n);
    return ok && (!(x->formats & F_DAT) || hosts_write_dat(x->h, o->stage, why, n));
}

static void note_partial_releases(const hosts_report *h)
{
    unsigned long all = h->nhost >= 64 ? ~0UL : (1UL << h->nhost) - 1;
    for (size_t k = 0; k < h->nrel; k++) {
        if ((h->rel[k].on & all) == all)
            continue;
        fprintf(stderr, "osslbench report: release %s is not on every host:", h->rel[k].label);
        for (size_t i = 0; i < h->nhost; i++)
            fprintf(stderr, " %s %s", h->host[i].label,
                    h->rel[k].on & (1UL << i) ? "yes" : "no");
        fputc('\n', stderr);
    }
    if (h->multi_worker_rows > 0)
        fprintf(stderr,
                "osslbench report: %zu row(s) with several threads or processes left out: hosts "
                "are compared on one worker\n",
                h->multi_worker_rows);
}

int report_hosts_command(const char *const *inputs, size_t n, const char *reference, int formats,
                         const char *out, const html_sources *html)
{
    if (formats == F_ALL)
        formats = F_TERM | F_CSV | F_DAT;
    if (formats & (F_MD | F_SPEED)) {
        fputs("osslbench report: over hosts the formats are term, csv, dat and html\n", stderr);
        return 2;
    }
    if (formats == 0)
        formats = out != NULL ? F_TERM | F_CSV | F_DAT : F_TERM;
    if ((formats & F_DAT) && out == NULL) {
        fputs("osslbench report: --format dat writes files: give --out DIR\n", stderr);
        return 2;
    }
    char why[8192];
    hosts_report h = {0};
    for (size_t i = 0; i < n; i++)
        if (!hosts_add(&h, inputs[i], why, sizeof why)) {
            fprintf(stderr, "osslbench report: %s\n", why);
            hosts_free(&h);
            return 1;
        }
    if (!hosts_finish(&h, reference, why, sizeof why)) {
        fprintf(stderr, "osslbench report: %s\n", why);
        hosts_free(&h);
        return 1;
    }
    note_partial_releases(&h);
    int status = 0;
    if (out == NULL) {
        if (formats & F_TERM)
            hosts_write_term(&h, stdout);
        if (formats & F_CSV) {
            fputs(formats & F_TERM ? "\n" : "", stdout);
            hosts_write_csv(&h, stdout);
        }
        if (formats & F_HTML)
            hosts_write_html(&h, html, stdout);
        status = fflush(stdout) != 0;
    } else if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "osslbench report: %s: %s\n", out, strerror(errno));
        status = 1;
    } else if (formats == F_HTML) {
        hosts_page page = {.h = &h, .src = html};
        status = !report_out_atomic(out, "report.html", write_hosts_page, &page);
    } else {
        hosts_files files = {.h = &h, .formats = formats};
        status = !report_out_files(out, write_hosts_files, &files, why, sizeof why);
        if (status != 0)
            fprintf(stderr, "osslbench report: %s\n", why);
    }
    hosts_free(&h);
    return status;
}
