/* SQLite, loaded at run time from Debian's libsqlite3.so.0 (as the runner
 * loads libcrypto): bin/osslbench builds, and cross-builds, with libc
 * alone, and only the history commands need the library.  sqlite.def is
 * the one table of the functions used; sq.NAME is each, of its real type.
 * The constants are SQLite's documented result and flag codes. */
#ifndef HISTORY_SQLITE_H
#define HISTORY_SQLITE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;

enum {
    SQLITE_OK = 0, SQLITE_PERM = 3, SQLITE_BUSY = 5, SQLITE_LOCKED = 6, SQLITE_READONLY = 8,
    SQLITE_CORRUPT = 11, SQLITE_CANTOPEN = 14, SQLITE_AUTH = 23, SQLITE_NOTADB = 26, SQLITE_CONSTRAINT = 19, SQLITE_ROW = 100,
    SQLITE_DONE = 101, SQLITE_OPEN_READONLY = 1, SQLITE_OPEN_READWRITE = 2,
    SQLITE_OPEN_CREATE = 4, SQLITE_OPEN_URI = 0x40, SQLITE_INTEGER = 1, SQLITE_FLOAT = 2, SQLITE_TEXT = 3, SQLITE_BLOB = 4,
    SQLITE_NULL = 5
};
/* SQLite copies a bound text at once (SQLITE_TRANSIENT). */
#define SQ_COPY ((void (*)(void *))-1)

typedef struct {
#define SQ(ret, name, args) ret(*name) args;
#include "sqlite.def"
#undef SQ
} sqlite_api;

extern sqlite_api sq;

/* Loads the library once; false with a one-line reason (not installed, a
 * function missing). */
bool sqlite_load(char *why, size_t n);

#endif
