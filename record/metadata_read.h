/* A run's metadata.txt as data (runner/run_metadata.h writes it): its
 * "key: value" lines in file order, a key given several times (library:)
 * as one entry with all its values.  For the JSON context and the history
 * database; the text stays data. */
#ifndef RECORD_METADATA_READ_H
#define RECORD_METADATA_READ_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *key;
    char **values;
    size_t n;
} metadata_entry;

/* The metadata file that goes with the CSV (or JSON) csv_path:
 * D/results.csv -> D/metadata.txt (a run folder's), D/NAME.csv ->
 * D/NAME.metadata.txt (two CSVs in one folder keep theirs apart), the same
 * for .json; any other name gets .metadata.txt appended.  false when it
 * does not fit in n. */
bool run_metadata_path(const char *csv_path, char *out, size_t n);

/* Distinct keys a metadata.txt may have: a run writes about 60, a key
 * given several times (library:) being one. */
enum { METADATA_KEYS_MAX = 1024 };

/* The entries of path into *out (*count of them), in time linear in the
 * file: none when path is NULL or missing; false with why, and none, when
 * the file is refused (record/folder_file.h: a symlink, a FIFO, over 1 MiB)
 * or has more than METADATA_KEYS_MAX keys. */
bool metadata_read(const char *path, metadata_entry **out, size_t *count, char *why, size_t n);
/* The same from a metadata.txt's text held in memory (the run that wrote
 * it hands it on): false, and none, past METADATA_KEYS_MAX keys. */
bool metadata_parse(const char *text, size_t len, metadata_entry **out, size_t *count);
/* The first value of key, or NULL. */
const char *metadata_first(const metadata_entry *e, size_t n, const char *key);
void metadata_free(metadata_entry *e, size_t n);

#endif
