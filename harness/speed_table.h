/* The terminal view of a run, in the layout `openssl speed` users know:
 * thousands of bytes per second per block size; sign/s and verify/s. */
#ifndef HARNESS_SPEED_TABLE_H
#define HARNESS_SPEED_TABLE_H

#include "../csv/row.h"

#include <stdio.h>

void speed_table_print(FILE *f, const result_row *rows, size_t n);

#endif
