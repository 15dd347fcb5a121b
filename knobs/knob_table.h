/* tools/knobs.tsv, the one table of make's knobs (WORKLOADS=, LIBS=, ...),
 * read as data: each knob's kind (its grammar, knobs/knob_grammar.c), the
 * goals that take it, what make compare and make fleet do with it.
 * tools/knobs.sh reads the same file for fleet/ and bisect/. */
#ifndef KNOBS_KNOB_TABLE_H
#define KNOBS_KNOB_TABLE_H

#include <stdbool.h>
#include <stddef.h>

enum { KNOB_ROWS_MAX = 128, KNOB_FIELD_SIZE = 128 };

typedef struct {
    char name[KNOB_FIELD_SIZE];    /* the make variable: "SIZES" */
    char kind[KNOB_FIELD_SIZE];    /* its grammar: "sizes" */
    char goals[KNOB_FIELD_SIZE];   /* "compare,fleet,regress" */
    char compare[KNOB_FIELD_SIZE]; /* a run option ("--sizes"), "self" (bench's own) or "-" */
    char fleet[KNOB_FIELD_SIZE];   /* "host", "own" or "-" */
} knob_row;

typedef struct {
    knob_row row[KNOB_ROWS_MAX];
    size_t count;
} knob_table;

/* Reads path into t, in the table's order; false with one line in why for
 * a file that cannot be read or a row that is not NAME KIND GOALS COMPARE
 * FLEET (tools/knobs.sh's knob_load refuses the same). */
bool knob_table_read(const char *path, knob_table *t, char *why, size_t n);

#endif
