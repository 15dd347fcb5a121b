/* libFuzzer harness: the results-CSV reader must refuse any malformed input
 * with a message, never crash, overrun or leak. */
#define _POSIX_C_SOURCE 200809L
#include "../analysis/verdict_set.h"
#include "../csv/csv.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (f == NULL)
        return 0;
    result_set set;
    char why[256];
    if (csv_read_stream(f, "fuzz", &set, why, sizeof why)) {
        /* Whatever was accepted must be writable again. */
        FILE *out = fopen("/dev/null", "w");
        for (size_t i = 0; i < set.count && out; i++)
            csv_write_row(out, &set.rows[i]);
        if (out)
            fclose(out);
        /* And comparable with itself: regress's grouping and pooling of rows. */
        const result_row **rows = malloc((set.count + 1) * sizeof *rows);
        for (size_t i = 0; rows && i < set.count; i++)
            rows[i] = &set.rows[i];
        verdict_rule rule = VERDICT_RULE_DEFAULT;
        verdict_table t;
        if (rows && verdict_table_build(rows, set.count, rows, set.count, &rule, &t)) {
            verdict_table_sort(&t);
            verdict_table_free(&t);
        }
        free(rows);
        result_set_free(&set);
    }
    fclose(f);
    return 0;
}
