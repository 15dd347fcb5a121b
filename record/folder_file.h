/* A file of a run folder (metadata.txt, notes, a chart's SVG), read as a
 * fleet tarball's member is: a regular file named by its own path only (a
 * symlink, even to a file inside, is refused: it could lead anywhere), never
 * a FIFO or a device (opening one does not block here), and no larger than
 * the caller's cap.  The one opener of those files for report and import. */
#ifndef RECORD_FOLDER_FILE_H
#define RECORD_FOLDER_FILE_H

#include <stddef.h>
#include <stdio.h>

enum {
    FOLDER_FILE_TEXT_MAX = 1 << 20, /* metadata.txt, notes: a run writes a few KiB */
    FOLDER_FILE_SVG_MAX = 4 << 20   /* a gnuplot chart is well under 1 MiB */
};

/* path opened for reading, or NULL with why ("not drawn" style: "missing",
 * "a symlink", "not a regular file", "larger than N bytes", strerror). */
FILE *folder_file_open(const char *path, size_t cap, char *why, size_t n);
/* One line of a text file of the folder, whole (no length limit but the
 * file's cap), without its line break, a NUL inside written as the text
 * \x00 so that nothing after it is lost: getline's contract otherwise.  -1
 * at the end. */
long folder_file_line(FILE *f, char **line, size_t *cap);

#endif
