#include "db_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool history_files_ok(const char *path, bool create, bool *fresh, char *why, size_t n)
{
    struct stat st;
    *fresh = false;
    if (stat(path, &st) != 0) {
        if (errno != ENOENT || !create) {
            snprintf(why, n, "%s: %s%s", path, strerror(errno),
                     errno == ENOENT ? " (osslbench db import makes a history database)" : "");
            return false;
        }
        *fresh = true;
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(why, n, "%s: not a regular file: not an osslbench history database", path);
        return false;
    } else if (st.st_size == 0 && !create) {
        snprintf(why, n, "%s: an empty file: not an osslbench history database", path);
        return false;
    }
    static const char *const side[] = {"-wal", "-shm", "-journal"};
    for (size_t i = 0; i < sizeof side / sizeof side[0]; i++) {
        char p[4200];
        snprintf(p, sizeof p, "%s%s", path, side[i]);
        if (lstat(p, &st) == 0 && !S_ISREG(st.st_mode)) {
            snprintf(why, n, "%s: refused: %s is %s", path, p, S_ISLNK(st.st_mode) ? "a symlink" : "not a regular file");
            return false;
        }
    }
    return true;
}

/* Whether another connection may have the file open in WAL mode, whose
 * -wal and -shm are there while it does (the last to close removes them):
 * a reader then shares them.  Else it reads the file as it is: a
 * read-only connection to a WAL file with neither would leave an empty
 * -wal and a -shm behind it. */
static bool shared_now(const char *path)
{
    static const char *const side[] = {"-wal", "-shm"};
    unsigned char head[20] = {0};
    FILE *f = fopen(path, "rb");
    bool wal = f != NULL && fread(head, 1, sizeof head, f) == sizeof head && head[18] == 2 && head[19] == 2;
    if (f != NULL)
        fclose(f);
    for (size_t i = 0; i < 2; i++) {
        char p[4200];
        snprintf(p, sizeof p, "%s%s", path, side[i]);
        if (access(p, F_OK) == 0)
            return true;
    }
    return !wal; /* a rollback-journal file: mode=ro takes SQLite's locks and leaves nothing */
}

/* Whether SQLite can share the file with a writer: it makes or opens the
 * -shm beside it, which a read-only folder refuses. */
static bool shareable(const char *path)
{
    char dir[4200], shm[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else
        slash[slash == dir] = '\0';
    snprintf(shm, sizeof shm, "%s-shm", path);
    return access(dir, W_OK) == 0 || access(shm, W_OK) == 0;
}

/* path as an SQLite URI's path: every byte but the plain ones escaped (a
 * '?' or '#' in a name would start the query). */
static void uri_path(const char *path, char *out, size_t n)
{
    size_t o = 0;
    if (path[0] == '/')
        o = (size_t)snprintf(out, n, "//"); /* an empty authority: the path stays absolute */
    for (const unsigned char *p = (const unsigned char *)path; *p && o + 4 < n; p++)
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/._-~", *p))
            out[o++] = (char)*p;
        else
            o += (size_t)snprintf(out + o, n - o, "%%%02X", *p);
    out[o] = '\0';
}

sqlite3 *history_connect(const char *path, bool write, bool fresh, int *rc, char *note, size_t nn)
{
    sqlite3 *db = NULL;
    note[0] = '\0';
    if (write) {
        *rc = sq.sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | (fresh ? SQLITE_OPEN_CREATE : 0), NULL);
        return *rc == SQLITE_OK ? db : (sq.sqlite3_close(db), NULL);
    }
    bool frozen = !shareable(path) || !shared_now(path);
    char uri[3 * 4200 + 64], wal[4200];
    struct stat st;
    snprintf(uri, sizeof uri, "file:");
    uri_path(path, uri + 5, sizeof uri - 5 - 32);
    strcat(uri, frozen ? "?mode=ro&immutable=1" : "?mode=ro");
    snprintf(wal, sizeof wal, "%s-wal", path);
    if (frozen && stat(wal, &st) == 0 && st.st_size > 0) /* only in a read-only folder */
        snprintf(note, nn, "%s: its changes are not read: the folder is read-only, so SQLite cannot share "
                           "the database (copy the database and its -wal into a folder of yours)", wal);
    *rc = sq.sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
    return *rc == SQLITE_OK ? db : (sq.sqlite3_close(db), NULL);
}

/* The first line of what a PRAGMA answers, into out (past SQLite's
 * "*** in database main ***" heading). */
static int answer(sqlite3 *db, const char *sql, char *out, size_t n)
{
    sqlite3_stmt *st = NULL;
    int rc = sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL);
    out[0] = '\0';
    if (rc == SQLITE_OK && (rc = sq.sqlite3_step(st)) == SQLITE_ROW) {
        const unsigned char *u = sq.sqlite3_column_text(st, 0);
        const char *t = u != NULL ? (const char *)u : "";
        if (strncmp(t, "*** ", 4) == 0 && strchr(t, '\n') != NULL)
            t = strchr(t, '\n') + 1;
        snprintf(out, n, "%.*s", (int)strcspn(t, "\n"), t);
        rc = SQLITE_OK;
    }
    if (rc != SQLITE_OK)
        snprintf(out, n, "%s", sq.sqlite3_errmsg(db));
    sq.sqlite3_finalize(st);
    return rc;
}

int history_check(sqlite3 *db, const char *check, char *detail, size_t n)
{
    char got[512];
    int rc = answer(db, check, got, sizeof got);
    if (rc == SQLITE_OK && strcmp(got, "ok") != 0)
        rc = SQLITE_CORRUPT;
    if (rc != SQLITE_OK)
        snprintf(detail, n, "%s: %s", check + strlen("PRAGMA "), got);
    return rc;
}
