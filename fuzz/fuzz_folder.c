/* libFuzzer harness: the run-folder reader, everything osslbench reads from
 * a folder it is handed (record/folder_file.h).  Each input is a folder's
 * three text files, results.csv, metadata.txt and plots/charts.list, cut at
 * the first two 0x1e bytes (ASCII's record separator, so seeds stay text):
 * written into a folder of the harness's own, then read as report and db
 * import read them: the CSV (csv_read_input of the folder), the metadata
 * (metadata_read, the JSON context), and when the rows make a report its
 * page, which reads charts.list and the metadata again.  Anything must be
 * refused with a message or read, never crash, overrun, hang or leak. */
#define _GNU_SOURCE
#include "../analysis/report_html.h"
#include "../csv/csv.h"
#include "../csv/json_write.h"
#include "../record/metadata_read.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void remove_dir(void)
{
    static const char *const files[] = {"results.csv", "metadata.txt", "plots/charts.list", "plots", ""};
    char path[128];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
}

/* The folder, made once per process. */
static bool make_dir(void)
{
    if (dir[0] != '\0')
        return true;
    snprintf(dir, sizeof dir, "/tmp/osslbench-fuzz-folder.XXXXXX");
    char plots[128];
    if (mkdtemp(dir) == NULL)
        return dir[0] = '\0', false;
    snprintf(plots, sizeof plots, "%s/plots", dir);
    atexit(remove_dir);
    return mkdir(plots, 0700) == 0;
}

static void put(const char *name, const uint8_t *p, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f != NULL) {
        fwrite(p, 1, n, f);
        fclose(f);
    }
}

/* The page of the folder's rows, as report --format html writes it. */
static void page(const result_set *set, FILE *out)
{
    char why[512], metadata[128];
    report r;
    if (!report_init(&r, set, NULL, why, sizeof why))
        return;
    snprintf(metadata, sizeof metadata, "%s/metadata.txt", dir);
    html_sources src = {.title = "fuzz", .charts_dir = "plots", .charts_in = dir, .metadata = metadata};
    report_write_html(&r, &src, out);
    report_free(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!make_dir())
        return 0;
    const uint8_t *end = data + size, *a = memchr(data, 0x1e, size);
    const uint8_t *b = a != NULL ? memchr(a + 1, 0x1e, (size_t)(end - a - 1)) : NULL;
    put("results.csv", data, (size_t)((a ? a : end) - data));
    put("metadata.txt", a ? a + 1 : end, a ? (size_t)((b ? b : end) - a - 1) : 0);
    put("plots/charts.list", b ? b + 1 : end, b ? (size_t)(end - b - 1) : 0);
    FILE *out = fopen("/dev/null", "w");
    char path[4096], why[6144], metadata[128];
    snprintf(metadata, sizeof metadata, "%s/metadata.txt", dir);
    metadata_entry *ctx;
    size_t nctx;
    bool meta = metadata_read(metadata, &ctx, &nctx, why, sizeof why);
    result_set set;
    if (out != NULL && csv_read_input(dir, &set, path, sizeof path, why, sizeof why)) {
        if (meta)
            json_write_results(out, set.rows, set.count, ctx, nctx);
        page(&set, out);
        result_set_free(&set);
    }
    if (meta)
        metadata_free(ctx, nctx);
    if (out != NULL)
        fclose(out);
    return 0;
}
