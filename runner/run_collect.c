#define _GNU_SOURCE
#include "run_collect.h"

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
    c->any_failure = c->any_failure || row_status_is_failure(r->status);
    if (!c->keep_samples)
        return;
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->rows = realloc(c->rows, c->cap * sizeof *c->rows);
        if (c->rows == NULL)
            abort();
    }
    result_row *kept = &c->rows[c->count++];
    *kept = *r;
    kept->sample_rates = copy_of(r->sample_rates, r->nsample * sizeof(double));
    kept->sample_blocks = copy_of(r->sample_blocks, r->nblock * sizeof(uint32_t));
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
