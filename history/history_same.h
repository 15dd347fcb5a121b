/* Whether a run already in the database is the run being imported: its
 * stored rows read back and compared with the file's, never a digest the
 * database holds (a handed database's digest row can say anything: doctored
 * rows beside the genuine digest, or no digest at all, made the genuine
 * run "already in"). */
#ifndef HISTORY_SAME_H
#define HISTORY_SAME_H

#include "sqlite.h"
#include "../csv/csv.h"

#include <stdbool.h>
#include <stddef.h>

/* rows idx[0..n) of set as results.csv would have them once stored (their
 * samples packed and unpacked: a rate comes back within 3.31e-7), into a
 * text to free. */
char *history_rows_text(const result_set *set, const size_t *idx, size_t n);

/* Whether the rows stored under run_id, in their order, are that text;
 * when not, which in why ("row 3 differs", "2 rows there, 3 here", a row
 * no results file may hold). */
bool history_same_rows(sqlite3 *db, const char *run_id, const char *text, size_t n_here, char *why, size_t wn);

#endif
