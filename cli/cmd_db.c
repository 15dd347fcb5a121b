/* `osslbench db import` and `osslbench history`: the results history
 * (history/: one SQLite database, docs/history.md). */
#include "command_options.h"
#include "commands.h"
#include "../options/option_values.h"
#include "../history/db_import.h"
#include "../history/history_query.h"
#include "../history/dashboard.h"
#include "cmd_report_hosts.h"
#include "../csv/text_visible.h"

#include <errno.h>
#include <sys/stat.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_INPUTS = 256 };

/* A path on stdout, its control characters shown (text_visible.h). */
static void shown(const char *path)
{
    text_put_visible(stdout, path, false);
}

typedef struct {
    const char *db;
    const char *words[MAX_INPUTS]; /* "import", then the runs */
    size_t nwords;
} db_args;

static bool take_word(const option_spec *o, void *dest, const char *typed, const char *word,
                      char *why, size_t n)
{
    (void)o, (void)typed;
    db_args *a = dest;
    if (a->nwords == MAX_INPUTS) {
        snprintf(why, n, "at most %d runs at a time", MAX_INPUTS - 1);
        return false;
    }
    a->words[a->nwords++] = word;
    return true;
}

static const option_spec db_specs[] = {
    OPTION_TEXT("--db", NULL, "FILE", db_args, db,
                "the database (default " HISTORY_DB_DEFAULT ", created by import when missing)"),
    OPTION_END,
};

const option_table db_option_table = {
    .command = "db",
    .specs = db_specs,
    .synopsis = "usage: osslbench db import DIR|CSV... [--db FILE]\n"
                "       osslbench db migrate [--db FILE]\n"
                "\n"
                "import: runs into the history database: each run folder (its results.csv and\n"
                "metadata.txt) or results CSV, whole, keyed by its run_id: a run already there\n"
                "is left as it is, so importing again adds nothing.  A database of schema 1\n"
                "(an older osslbench's) is migrated first.\n"
                "migrate: a schema 1 database to schema 2 (samples packed), in one transaction,\n"
                "then compacted; prints its size before and after.\n",
    .epilogue = "\nExit status: 0 every run imported or already there, or migrated; 1 a run could\n"
                "not be imported (the others are kept), or the migration failed (the file is as\n"
                "it was); 2 bad usage or no database.\n",
    .positional = take_word,
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};

int cmd_db(int argc, char **argv)
{
    db_args a = {.db = HISTORY_DB_DEFAULT};
    int rc = option_parse(&db_option_table, argc, argv, &a);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 2;
    bool import = a.nwords > 0 && strcmp(a.words[0], "import") == 0;
    if (a.nwords == 0 || (!import && strcmp(a.words[0], "migrate") != 0)) {
        fprintf(stderr, "osslbench db: %s (try --help)\n",
                a.nwords ? "the subcommands are import and migrate" : "no subcommand: import DIR|CSV... or migrate");
        return 2;
    }
    if (import && a.nwords == 1) {
        fputs("osslbench db import: no run given (a run folder or a results CSV)\n", stderr);
        return 2;
    }
    if (!import && a.nwords > 1) {
        fputs("osslbench db migrate: takes no runs, only --db FILE\n", stderr);
        return 2;
    }
    if (!import)
        return db_migrate(a.db, stdout);
    db_import_input in[MAX_INPUTS];
    for (size_t i = 1; i < a.nwords; i++)
        in[i - 1] = (db_import_input){.name = a.words[i]};
    return db_import_runs(a.db, in, a.nwords - 1, stdout);
}

/* ---------------------------------------------------------------- history */

typedef struct {
    const char *db;
    history_query q;
    char bytes[32];
} history_args;

static bool take_bytes(const option_spec *o, void *dest, const char *typed, const char *val,
                       char *why, size_t n)
{
    (void)o, (void)typed;
    history_args *a = dest;
    uint64_t v;
    if (!parse_size(val, &v, why, n))
        return false;
    snprintf(a->bytes, sizeof a->bytes, "%" PRIu64, v);
    a->q.bytes = a->bytes;
    return true;
}

static bool take_format(const option_spec *o, void *dest, const char *typed, const char *val,
                        char *why, size_t n)
{
    (void)o, (void)typed;
    static const char *const names[] = {"term", "csv", "md", "json"};
    for (size_t i = 0; i < 4; i++)
        if (strcmp(val, names[i]) == 0) {
            ((history_args *)dest)->q.format = (history_format)i;
            return true;
        }
    snprintf(why, n, "--format wants term, csv, md or json, got '%s'", val);
    return false;
}

static const option_spec history_specs[] = {
    OPTION_TEXT("--db", NULL, "FILE", history_args, db,
                "the database (default " HISTORY_DB_DEFAULT ")"),
    OPTION_TEXT("--workload", NULL, "W", history_args, q.workload, "the workload (required)"),
    OPTION_TEXT("--api", NULL, "A", history_args, q.api, "only this API path"),
    OPTION_VALUE("--bytes", NULL, "N", take_bytes, "only this block size (16, 1024, 8k)"),
    OPTION_TEXT("--label", NULL, "L", history_args, q.label, "only the library labelled L"),
    OPTION_VALUE("--format", NULL, "F", take_format, "term (default), csv, md or json"),
    OPTION_END,
};

const option_table history_option_table = {
    .command = "history",
    .specs = history_specs,
    .synopsis = "usage: osslbench history --workload W [--api A] [--bytes N] [--label L]\n"
                "                         [--format term|csv|md|json] [--db FILE]\n"
                "\n"
                "A point across every run in the history database, oldest run first: each\n"
                "row names its run_id, when the run started, its host, the library and its\n"
                "rate with the 95% CI.\n",
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};

int cmd_history(int argc, char **argv)
{
    history_args a = {.db = HISTORY_DB_DEFAULT, .q = {.format = HF_TERM}};
    int rc = option_parse(&history_option_table, argc, argv, &a);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 2;
    if (a.q.workload == NULL) {
        fputs("osslbench history: --workload is required (try --help)\n", stderr);
        return 2;
    }
    char why[1024];
    sqlite3 *db = history_open(a.db, HISTORY_READ, NULL, why, sizeof why);
    if (db == NULL) {
        db_say("history", NULL, why);
        return 2;
    }
    if (*why)
        db_say("history", "warning", why);
    long rows = history_write(db, &a.q, stdout, why, sizeof why);
    history_close(db);
    if (rows < 0) {
        db_say("history", NULL, why);
        return 1;
    }
    if (rows == 0)
        fprintf(stderr, "osslbench history: no rows of %s in %s\n", a.q.workload, a.db);
    return fflush(stdout) == 0 ? 0 : 1;
}

/* -------------------------------------------------------------- dashboard */

typedef struct {
    const char *db, *out;
} dashboard_args;

static const option_spec dashboard_specs[] = {
    OPTION_TEXT("--db", NULL, "FILE", dashboard_args, db,
                "the database (default " HISTORY_DB_DEFAULT ")"),
    OPTION_TEXT("--out", NULL, "DIR", dashboard_args, out,
                "the folder of the page (default results/dashboard): DIR/index.html"),
    OPTION_END,
};

const option_table dashboard_option_table = {
    .command = "dashboard",
    .specs = dashboard_specs,
    .synopsis = "usage: osslbench dashboard [--db FILE] [--out DIR]\n"
                "\n"
                "The history database as one static page, DIR/index.html: per point and host,\n"
                "each library's rate run after run with its CI, changes marked, each point\n"
                "linked to its run.  No script, nothing remote.\n",
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};

static void write_dashboard(const void *ctx, FILE *f)
{
    dash_write_page(ctx, f);
}

int cmd_dashboard(int argc, char **argv)
{
    dashboard_args a = {.db = HISTORY_DB_DEFAULT, .out = "results/dashboard"};
    int rc = option_parse(&dashboard_option_table, argc, argv, &a);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 2;
    char why[1024];
    sqlite3 *db = history_open(a.db, HISTORY_READ, NULL, why, sizeof why);
    if (db == NULL) {
        db_say("dashboard", NULL, why);
        return 2;
    }
    if (*why)
        db_say("dashboard", "warning", why);
    dash_data d;
    bool ok = dash_load(db, &d, why, sizeof why);
    history_close(db);
    if (!ok) {
        db_say("dashboard", a.db, why);
        dash_free(&d);
        return 1;
    }
    if (mkdir(a.out, 0777) != 0 && errno != EEXIST) {
        db_say("dashboard", a.out, strerror(errno));
        dash_free(&d);
        return 1;
    }
    ok = report_out_atomic(a.out, "index.html", write_dashboard, &d);
    if (ok) {
        fputs("dashboard: ", stdout);
        shown(a.out);
        printf("/index.html (%zu runs, %zu rows)\n", d.nrun, d.nrow);
    }
    dash_free(&d);
    return ok ? 0 : 1;
}
