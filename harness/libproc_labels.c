#include "libproc.h"

#include <stdio.h>
#include <string.h>

/* Default labels are the decoded release; a second library of the same
 * release (the system 3.0.19 and a build of it) gets "-2". */
void libproc_assign_labels(libproc *libs, size_t n, const char (*given)[LABEL_SIZE])
{
    for (size_t i = 0; i < n; i++) {
        char base[LABEL_SIZE];
        if (given != NULL && given[i][0] != '\0')
            snprintf(base, sizeof base, "%s", given[i]);
        else if (libs[i].loaded)
            snprintf(base, sizeof base, "%s", libs[i].version);
        else
            snprintf(base, sizeof base, "lib%zu", i + 1);
        snprintf(libs[i].label, sizeof libs[i].label, "%s", base);
        for (int k = 2;; k++) {
            bool clash = false;
            for (size_t j = 0; j < i; j++)
                clash = clash || strcmp(libs[j].label, libs[i].label) == 0;
            if (!clash)
                break;
            /* the suffix fits: a long base gives way */
            int room = (int)sizeof libs[i].label - 1 - snprintf(NULL, 0, "-%d", k);
            snprintf(libs[i].label, sizeof libs[i].label, "%.*s-%d", room, base, k);
        }
    }
}
