/* The one way osslbench writes into a folder it did not create this run
 * (report --out DIR, draw --list DIR, the dashboard's and report.html's
 * folder): every file is made in a stage, a folder of its own inside DIR
 * (mkdtemp: nothing in it can have been planted), and renamed to its name
 * in DIR once whole.  rename() replaces a symlink planted under that name
 * instead of writing through it, and a run that fails publishes nothing,
 * so no file already there is lost or half-written.  (Reading such a
 * folder: folder_file.h.) */
#ifndef RECORD_FOLDER_OUT_H
#define RECORD_FOLDER_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    char dir[4096];   /* the folder written into */
    char stage[4200]; /* dir/.osslbench-XXXXXX: the files until they are published */
} folder_out;

/* The stage made in dir; false with "dir: reason" in why. */
bool folder_out_begin(folder_out *o, const char *dir, char *why, size_t n);
/* A new file at path, never one that was there (O_EXCL, O_NOFOLLOW): the
 * files of a stage.  NULL with "path: reason" in why. */
FILE *folder_out_create(const char *path, char *why, size_t n);
/* stage/name as folder_out_create makes it. */
FILE *folder_out_file(const folder_out *o, const char *name, char *why, size_t n);
/* Whether everything written to f reached its file; f is closed. */
bool folder_out_close(FILE *f);
/* stage/name renamed to dir/name (over what is there, a symlink included;
 * a folder of that name refuses it).  false with "dir/name: reason". */
bool folder_out_publish(const folder_out *o, const char *name, char *why, size_t n);
/* Every file of the stage published, then the stage removed. */
bool folder_out_publish_all(folder_out *o, char *why, size_t n);
/* What is left in the stage removed, and the stage itself. */
void folder_out_end(folder_out *o);

/* dir/name written whole by w(ctx, f), or left as it was: one stage, one
 * file.  false with why. */
bool folder_out_write(const char *dir, const char *name, void (*w)(const void *, FILE *), const void *ctx,
                      char *why, size_t n);

#endif
