/* `osslbench columns FILE NAME...`: chosen columns of a CSV osslbench wrote
 * (a results CSV, speedup.csv, scaling.csv, hosts.csv, compare --format
 * csv), one TAB-separated line per row, in the order named.  The one reader
 * of those files for shell: make compare, bisect, fleet and the tests ask
 * it for columns by name instead of splitting lines on commas. */
#include "commands.h"
#include "../record/folder_file.h"

#include "../csv/csv_lines.h"
#include "../csv/text_visible.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_WANTED = 32 };

/* A text cell a spreadsheet would run as a formula (= + - @ TAB CR) or one
 * beginning with ' is written with one more ' in front (csv_put_text):
 * dropping it gives the value back.  TAB and line breaks inside a value
 * become spaces, so that a row stays one line of fields; other control
 * characters are escaped (text_put_visible), so a terminal acts on none. */
static void put_cell(const char *s)
{
    if (s[0] == '\'' && s[1] != '\0' && strchr("=+-@\t\r'", s[1]) != NULL)
        s++;
    char *shown = text_visible_dup(s, true);
    s = shown != NULL ? shown : s;
    for (; *s; s++)
        putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
    free(shown);
}

static int refuse(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "osslbench columns: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 2;
}

static int print_columns(FILE *f, const char *name, char *const *want, size_t nwant)
{
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    int at[MAX_WANTED], rc = 0;
    bool complete, eof, nul;
    csv_line sl;
    const char *err;
    for (;; lineno++) {
        if (!csv_read_line(f, &line, &cap, &complete, &eof, &nul)) {
            rc = refuse("%s: line too long or out of memory%s", name, "");
            break;
        }
        if (eof)
            break;
        if (nul || !csv_split(line, &sl, &err)) {
            rc = refuse("%s: not a CSV osslbench wrote (%s)", name, nul ? "a NUL byte" : err);
            break;
        }
        if (lineno == 0) {
            for (size_t k = 0; k < nwant; k++) {
                at[k] = -1;
                for (size_t i = 0; i < sl.count; i++)
                    if (strcmp(sl.field[i], want[k]) == 0)
                        at[k] = (int)i;
                if (at[k] < 0) {
                    rc = refuse("%s has no column '%s'", name, want[k]);
                    goto done;
                }
            }
            continue;
        }
        if (!complete)
            break; /* a row cut short (a full disk): not read, as the reader does */
        for (size_t k = 0; k < nwant; k++) {
            if (k > 0)
                putchar('\t');
            if ((size_t)at[k] < sl.count)
                put_cell(sl.field[at[k]]);
        }
        putchar('\n');
    }
    if (rc == 0 && lineno == 0)
        rc = refuse("%s: empty file%s", name, "");
done:
    free(line);
    return rc;
}

int cmd_columns(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        puts("usage: osslbench columns FILE|- NAME...\n\n"
             "The named columns of a CSV osslbench wrote (results, speedup.csv, compare\n"
             "--format csv ...), one TAB-separated line per row, in the order named; a\n"
             "formula guard (a leading ') dropped, TAB and line breaks in a value made spaces.\n"
             "Exit status 2 when the file cannot be read or lacks a column.");
        return 0;
    }
    if (argc < 3)
        return refuse("usage: osslbench columns FILE|- NAME... (%s%s)", "see --help", "");
    if ((size_t)argc - 2 > MAX_WANTED)
        return refuse("at most 32 columns at once%s%s", "", "");
    char why[128];
    FILE *f = strcmp(argv[1], "-") == 0 ? stdin
                                        : folder_file_open_named(argv[1], FOLDER_FILE_CSV_MAX, why, sizeof why);
    if (f == NULL) /* a FIFO, a device: refused at once, as every reader of results does */
        return refuse("%s: %s", argv[1], strcmp(why, "missing") == 0 ? strerror(ENOENT) : why);
    int rc = print_columns(f, argv[1], argv + 2, (size_t)argc - 2);
    if (f != stdin)
        fclose(f);
    if (fflush(stdout) != 0)
        return refuse("writing the columns failed: %s%s", strerror(errno), "");
    return rc;
}
