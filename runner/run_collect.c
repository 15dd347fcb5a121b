#define _GNU_SOURCE
#include "run_collect.h"
#include "../analysis/report.h"
#include "../csv/units.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void *copy_of(const void *p, size_t bytes)
{
    void *q = bytes ? malloc(bytes) : NULL;
    if (bytes && q == NULL)
        abort();
    return bytes ? memcpy(q, p, bytes) : NULL;
}

void run_collect_open(run_collector *c, FILE *csv, bool keep_samples)
{
    *c = (run_collector){.csv = csv, .keep_samples = keep_samples};
    if ((c->lines = open_memstream(&c->text, &c->len)) == NULL)
        abort();
}

bool run_collect_header(run_collector *c, const run_file *csv)
{
    csv_write_header(c->lines);
    if (csv->f == NULL || csv_write_header(csv->f))
        return true;
    fprintf(stderr, "osslbench run: cannot write %s: %s\n",
            csv->f == stdout ? "stdout" : csv->partial, strerror(errno));
    return false;
}

void run_collect(const result_row *r, void *ctx)
{
    run_collector *c = ctx;
    if (c->csv != NULL && !c->csv_failed && !csv_write_row(c->csv, r)) {
        fprintf(stderr, "osslbench run: writing the CSV failed: %s\n", strerror(errno));
        c->csv_failed = true;
    }
    csv_write_row(c->lines, r);
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->rows = realloc(c->rows, c->cap * sizeof *c->rows);
        if (c->rows == NULL)
            abort();
    }
    result_row *kept = &c->rows[c->count++];
    *kept = *r; /* the speed tables need no raw samples; the JSON does */
    kept->sample_rates = c->keep_samples ? copy_of(r->sample_rates, r->nsample * sizeof(double)) : NULL;
    kept->nsample = c->keep_samples ? r->nsample : 0;
    kept->sample_blocks = c->keep_samples ? copy_of(r->sample_blocks, r->nblock * sizeof(uint32_t)) : NULL;
    kept->nblock = c->keep_samples ? r->nblock : 0;
    c->any_failure = c->any_failure || row_status_is_failure(r->status);
}

size_t run_collect_unloaded(run_collector *c, libproc *libs, size_t n, const run_context *where)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (libs[i].loaded) {
            libs[kept++] = libs[i];
            continue;
        }
        result_row r = {.status = ST_LOAD_FAILED};
        snprintf(r.label, sizeof r.label, "%s", libs[i].label);
        snprintf(r.lib, sizeof r.lib, "%s", libs[i].path);
        snprintf(r.note, sizeof r.note, "%s", libs[i].load_error);
        snprintf(r.host, sizeof r.host, "%s", where->host);
        snprintf(r.cpu, sizeof r.cpu, "%s", where->cpu);
        snprintf(r.timestamp, sizeof r.timestamp, "%s", where->timestamp);
        run_collect(&r, c);
    }
    return kept;
}

void run_collect_rows(run_collector *c, result_set *out)
{
    *out = (result_set){.count = 0};
    char why[512];
    if (fflush(c->lines) != 0 || c->len == 0)
        return;
    FILE *in = fmemopen(c->text, c->len, "r");
    if (in == NULL)
        abort();
    if (!csv_read_stream(in, "the run's rows", out, why, sizeof why))
        fprintf(stderr, "osslbench run: %s\n", why);
    fclose(in);
}

/* Instruction counts are no speeds: one line per row, per operation and,
 * for a block size, per byte. */
static void print_counts(FILE *f, const result_row *rows, size_t n)
{
    fprintf(f, "\n%-16s %-20s %-6s %8s %16s %12s\n", "label", "workload", "api", "bytes",
            "instr/op", "instr/byte");
    for (size_t i = 0; i < n; i++) {
        const result_row *r = &rows[i];
        if (r->status != ST_OK || !unit_is_count(r->unit))
            continue;
        fprintf(f, "%-16s %-20s %-6s %8llu %16.1f ", r->label, r->workload, r->api,
                (unsigned long long)r->bytes, r->rate);
        if (r->bytes > 0)
            fprintf(f, "%12.2f\n", r->rate / (double)r->bytes);
        else
            fprintf(f, "%12s\n", "-");
    }
}

void run_collect_print(const run_collector *c, FILE *f)
{
    result_set set = {.rows = c->rows, .count = c->count};
    report r;
    char why[256];
    size_t n = c->count;
    if (n > 0 && unit_is_count(c->rows[n - 1].unit))
        print_counts(f, c->rows, n);
    else if (report_init(&r, &set, NULL, why, sizeof why)) {
        for (size_t rel = 0; rel < r.nrel; rel++) {
            fputc('\n', f);
            report_write_speed(&r, rel, f);
        }
        report_free(&r);
    }
    size_t failed = 0;
    for (size_t i = 0; i < n; i++)
        failed += row_status_is_failure(c->rows[i].status);
    if (failed)
        fprintf(f, "\n%zu result(s) failed; see the status and note columns of the CSV\n",
                failed);
}

void run_collect_free(run_collector *c)
{
    for (size_t i = 0; i < c->count; i++)
        result_row_free(&c->rows[i]);
    free(c->rows);
    if (c->lines != NULL)
        fclose(c->lines);
    free(c->text);
    *c = (run_collector){.csv = NULL};
}
