/* openssl speed's names for what osslbench measures (speed_names.def):
 * aliases (blowfish -> bf-cbc), family words (aes -> the three
 * aes-*-cbc), and `all`, resolved the way --workloads takes a name. */
#ifndef HARNESS_WORKLOADS_SPEED_NAMES_H
#define HARNESS_WORKLOADS_SPEED_NAMES_H

#include "../workload.h"

#include <stdbool.h>
#include <stddef.h>

/* The speed releases whose lists the table records, oldest first. */
enum { SPEED_RELEASES = 6 };
const char *speed_release_name(int i); /* "0.9.8" ... "4.0" */
long speed_release_series(int i);      /* compat/release.h's numbers */

/* The speed list a name is in (speed_names.def's first column). */
typedef enum { SPEED_SYMMETRIC, SPEED_PUBLIC_KEY, SPEED_SWITCH, SPEED_OWN } speed_list;
const char *speed_list_name(speed_list l); /* "symmetric", "public-key", "switch", "own" */

typedef struct {
    speed_list list;
    const char *name;
    const char *workloads; /* registry names, space-separated; "*" for all; "" for none */
    unsigned releases;     /* bit i: speed_release_name(i)'s speed takes it */
} speed_name;

extern const speed_name speed_names[];
extern const size_t speed_name_count;

/* Every workload a --workloads name stands for, in the order it names
 * them: the workload's own name (or a family member: rsa768) first, then
 * the table.  Returns how many (0: unknown name); at most cap are written. */
size_t workload_expand(const char *name, workload_spec *out, size_t cap);

/* The workloads of one table line (a family word's line of older
 * releases included); as workload_expand. */
size_t speed_name_expand(const speed_name *sn, workload_spec *out, size_t cap);

/* The nearest workload or speed name, for "did you mean". */
const char *workload_expand_suggest(const char *name);

/* Whether the table's line `sn` stands for the workload named `canonical`. */
bool speed_name_covers(const speed_name *sn, const char *canonical);

/* The family a workload's rows are charted and tabled in: the first
 * family word of the table (a line for two workloads or more, not "all")
 * that lists the workload's registry line (rsa768 is in "rsa" although
 * speed lists no rsa768); else the line's own `family`; else "kem" when
 * it has an "encaps" operation; else its kind ("public-key"). */
const char *workload_family(const workload_spec *ws);

/* The releases in `mask` as ranges over SPEED_RELEASES: "0.9.8-4.0",
 * "0.9.8,1.0.2,3.0-4.0"; "-" when none. */
void speed_releases_text(unsigned mask, char *buf, size_t n);

#endif
