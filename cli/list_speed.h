/* `osslbench list`'s view of openssl speed's names (speed_names.def). */
#ifndef CLI_LIST_SPEED_H
#define CLI_LIST_SPEED_H

#include <stdbool.h>
#include <stddef.h>

/* The speed names that stand for workload `canonical` ("bf-cbc blowfish
 * bf"; "-" if none) and the releases whose speed has any of them. */
void speed_names_for(const char *canonical, char *names, size_t nn, char *releases, size_t nr);

/* `list --speed-names [--tsv]`: every name, what it stands for, the
 * releases that take it, the Configure options its workloads need, and per
 * release the API paths that measure it ("none": no path on that release;
 * "-": that release's speed has no such name). */
int list_speed_names(bool tsv);

/* `list --speed-lists [--tsv]`: each release's speed list, the names in
 * strcmp order: release, list (symmetric, public-key, switch), name. */
int list_speed_lists(bool tsv);

#endif
