/* The one rule for a file osslbench reads from a folder it did not create
 * this run (a run folder handed over, its plots/, a fleet host's results):
 * a regular file (a symlink, even to a file inside, is refused: it could
 * lead anywhere), reached through no symlinked folder, never a FIFO or a
 * device (opening one does not block here), no larger than the caller's
 * cap.  The folder the user named is theirs and taken as given; what
 * osslbench finds in it is not.  Every reader of such files opens them
 * here: results.csv, metadata.txt, notes, charts.list, a chart's SVG and
 * .dat.  (Writing into such a folder: folder_out.h.) */
#ifndef RECORD_FOLDER_FILE_H
#define RECORD_FOLDER_FILE_H

#include <stddef.h>
#include <stdio.h>

enum {
    FOLDER_FILE_TEXT_MAX = 1 << 20, /* metadata.txt, notes, charts.list: a run writes a few KiB */
    FOLDER_FILE_SVG_MAX = 4 << 20,  /* a gnuplot chart is well under 1 MiB */
    FOLDER_FILE_DAT_MAX = 16 << 20, /* a chart's data: a few KiB a release */
    /* a results CSV: the largest run seen (3546 rows) is 53 MiB */
    FOLDER_FILE_CSV_MAX = 512 << 20,
    /* charts.list lines: a run of every series and fork has a few hundred */
    FOLDER_LIST_MAX = 10000
};

/* rel ("plots/charts.list") inside the folder root: every folder of rel
 * and the file itself opened without following a symlink.  NULL with why:
 * "missing", "a symlink", "not a regular file", "larger than N bytes",
 * "plots is a symlink", "plots is not a folder", or strerror. */
FILE *folder_file_open_in(const char *root, const char *rel, size_t cap, char *why, size_t n);
/* A file osslbench found beside another (DIR/metadata.txt): path's folder
 * as given, the file itself as folder_file_open_in. */
FILE *folder_file_open(const char *path, size_t cap, char *why, size_t n);
/* A file the user named on the command line: a symlink is followed (it is
 * their word), the file is still a regular one under cap. */
FILE *folder_file_open_named(const char *path, size_t cap, char *why, size_t n);

/* One line of a text file of the folder, whole (no length limit but the
 * file's cap), without its line break, a NUL inside written as the text
 * \x00 so that nothing after it is lost: getline's contract otherwise.  -1
 * at the end. */
long folder_file_line(FILE *f, char **line, size_t *cap);

#endif
