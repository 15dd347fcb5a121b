/* tools/knobs.tsv, the one table of make's knobs (WORKLOADS=, LIBS=, ...),
 * read as data: each knob's kind, the goals that take it, what make compare
 * and make fleet do with it; and tools/knob-kinds.tsv, what a value of each
 * kind may look like (knobs/knob_grammar.c holds a value to it).
 * tools/knobs.sh reads the same two files for fleet/ and bisect/. */
#ifndef KNOBS_KNOB_TABLE_H
#define KNOBS_KNOB_TABLE_H

#include <stdbool.h>
#include <stddef.h>

enum { KNOB_ROWS_MAX = 128, KNOB_KINDS_MAX = 64, KNOB_FIELD_SIZE = 128 };

typedef struct {
    char name[KNOB_FIELD_SIZE];    /* the make variable: "SIZES" */
    char kind[KNOB_FIELD_SIZE];    /* its grammar: "sizes" */
    char goals[KNOB_FIELD_SIZE];   /* "compare,fleet,regress" */
    char compare[KNOB_FIELD_SIZE]; /* a run option ("--sizes"), "self" (bench's own) or "-" */
    char fleet[KNOB_FIELD_SIZE];   /* "host", "own" or "-" */
} knob_row;

typedef struct {
    char kind[KNOB_FIELD_SIZE];   /* "sizes" */
    char values[KNOB_FIELD_SIZE]; /* the POSIX extended regex a whole value matches */
    char judge[KNOB_FIELD_SIZE];  /* the runner's parser (knobs/value_judge.h), or "-" */
    char what[KNOB_FIELD_SIZE];   /* "a comma-separated list of sizes" */
} knob_kind;

typedef struct {
    knob_row row[KNOB_ROWS_MAX];
    size_t count;
    knob_kind kind[KNOB_KINDS_MAX];
    size_t nkinds;
} knob_table;

/* Reads path into t, in the table's order; false with one line in why for
 * a file that cannot be read or a row that is not NAME KIND GOALS COMPARE
 * FLEET (tools/knobs.sh's knob_load refuses the same). */
bool knob_table_read(const char *path, knob_table *t, char *why, size_t n);

/* Reads the kinds file (TAB-separated KIND VALUES JUDGE WHAT) into t; false
 * with one line, as tools/knobs.sh's kind_load refuses the same. */
bool knob_kinds_read(const char *path, knob_table *t, char *why, size_t n);

/* Both tables of the tree at repo (tools/knobs.tsv, tools/knob-kinds.tsv)
 * into t; false with the first one's line, as above. */
bool knob_tables_read(const char *repo, knob_table *t, char *why, size_t n);

/* The kind of that name in t, or NULL. */
const knob_kind *knob_kind_find(const knob_table *t, const char *kind);

#endif
