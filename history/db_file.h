/* The history database as a file: what is refused before SQLite opens it,
 * the connection each command gets, and the check that it is sound (inside
 * history_open, history_db.c).  A handed database is hostile: a read
 * command gets a read-only connection (SQLite neither merges a -wal into
 * the file nor deletes it), and a damaged file is an error for every
 * command, said as damage. */
#ifndef HISTORY_DB_FILE_H
#define HISTORY_DB_FILE_H

#include "sqlite.h"

#include <stdbool.h>
#include <stddef.h>

/* Refuses what SQLite would follow or block on before opening anything:
 * the database not a regular file (a FIFO would hang the open), its -wal,
 * -shm or -journal anything but a regular file (a symlink would make SQLite
 * write elsewhere).  *fresh: nothing there yet (db import creates it). */
bool history_files_ok(const char *path, bool create, bool *fresh, char *why, size_t n);

/* The connection: read-write for db import and migrate (created when
 * fresh); else read-only: mode=ro while another connection may have the
 * file (its -wal or -shm there), else immutable, the file read as it is;
 * immutable too when SQLite could not share it (its folder and -shm not
 * writable: a -wal's changes are then not read, which note says; ""
 * otherwise).  Either way nothing is written, merged or deleted.  NULL
 * with *rc. */
sqlite3 *history_connect(const char *path, bool write, bool fresh, int *rc, char *note, size_t nn);

/* The checks of a file's soundness: every command runs the first (a
 * damaged page is no "0 rows"); a writer also the second once the schema
 * is osslbench's: the runs table against its index, which finds a run (an
 * index made to miss rows would import a run twice). */
#define HISTORY_CHECK_PAGES "PRAGMA quick_check"
#define HISTORY_CHECK_RUNS "PRAGMA integrity_check(runs)"
/* SQLITE_OK when check answers "ok"; else SQLITE_CORRUPT, or SQLite's
 * error, with the check and SQLite's first line in detail. */
int history_check(sqlite3 *db, const char *check, char *detail, size_t n);

#endif
