#define _GNU_SOURCE
#include "counting.h"

#include "timing.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) bool osslbench_counted_run(bool (*run)(void *, uint64_t), void *state,
                                                     uint64_t n)
{
    /* The empty asm keeps the compiler from folding this frame into the
     * caller: callgrind finds the function by this name. */
    __asm__ volatile("" ::: "memory");
    return run(state, n);
}

static const char *counts_dir;
static bool keep_profiles; /* leave a sample's profile for the parent (explain) */
static unsigned dumps; /* profiles written so far: callgrind numbers them from 1 */

void counting_start(const char *dir, bool keep)
{
    counts_dir = dir;
    keep_profiles = keep;
    dumps = 0;
}

bool counting_active(void)
{
    return counts_dir != NULL;
}

/* The "totals:" line of callgrind's profile number `seq` of this process.
 * The file goes unless it is to be kept: then its name is in `kept`. */
static uint64_t read_dump(unsigned seq, char *kept, size_t kept_len, char *why, size_t len)
{
    char name[64], path[4200];
    snprintf(name, sizeof name, "cg.%ld.%u", (long)getpid(), seq);
    snprintf(path, sizeof path, "%s/%s", counts_dir, name);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(why, len, "no instruction count from valgrind (%s: %s)", path, strerror(errno));
        return UINT64_MAX;
    }
    char line[512];
    uint64_t total = UINT64_MAX;
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "totals:", 7) == 0) {
            char *end;
            unsigned long long v = strtoull(line + 7, &end, 10);
            if (end != line + 7)
                total = v;
        }
    fclose(f);
    if (kept != NULL && keep_profiles)
        snprintf(kept, kept_len, "%s", name);
    else
        unlink(path);
    if (total == UINT64_MAX)
        snprintf(why, len, "valgrind's profile %s has no totals line", path);
    return total;
}

uint64_t count_sample(bool (*run)(void *, uint64_t), void *state, uint64_t n, char *profile,
                      size_t profile_len, char *why, size_t len)
{
    if (profile != NULL)
        profile[0] = '\0';
    uint64_t warm = n / WARMUP_DIVISOR;
    if (!run(state, warm > 0 ? warm : 1)) {
        snprintf(why, len, "operation failed");
        return UINT64_MAX;
    }
    bool ok = osslbench_counted_run(run, state, n);
    if (keep_profiles) { /* the profile written on entry (child_exec.c): not this sample's */
        char before[4200];
        snprintf(before, sizeof before, "%s/cg.%ld.%u", counts_dir, (long)getpid(), ++dumps);
        unlink(before);
    }
    /* written whether or not the loop failed */
    uint64_t count = read_dump(++dumps, profile, profile_len, why, len);
    if (!ok) {
        snprintf(why, len, "operation failed");
        return UINT64_MAX;
    }
    return count;
}

enum { MAX_COUNTED_OPS = 1u << 20 };

uint64_t count_calibrate(bool (*run)(void *, uint64_t), void *state, uint64_t target,
                         char *why, size_t len)
{
    uint64_t one = count_sample(run, state, 1, NULL, 0, why, len);
    if (one == UINT64_MAX)
        return 0;
    uint64_t n = one > 0 ? target / one : MAX_COUNTED_OPS;
    return n < 1 ? 1 : n > MAX_COUNTED_OPS ? MAX_COUNTED_OPS : n;
}
