#include "run_metric.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool take_metric(const option_spec *o, void *dest, const char *typed, const char *v, char *why,
                 size_t n)
{
    (void)o, (void)typed;
    run_args *a = dest;
    if (strcmp(v, "time") == 0)
        a->plan.metric = METRIC_TIME;
    else if (strcmp(v, "instructions") == 0)
        a->plan.metric = METRIC_INSTRUCTIONS;
    else {
        snprintf(why, n, "--metric is 'time' or 'instructions', not '%s'", v);
        return false;
    }
    return true;
}

bool take_samples(const option_spec *o, void *dest, const char *typed, const char *v,
                  char *why, size_t n)
{
    (void)o, (void)typed;
    char *end;
    errno = 0;
    unsigned long k = strtoul(v, &end, 10);
    if (!isdigit((unsigned char)*v) || *end != '\0' || errno != 0 || k < 1 || k > 1000) {
        snprintf(why, n, "--samples '%s' is not a whole number from 1 to 1000", v);
        return false;
    }
    ((run_args *)dest)->samples = (unsigned)k;
    return true;
}

bool take_cpu_mask(const option_spec *o, void *dest, const char *typed, const char *v,
                   char *why, size_t n)
{
    (void)o, (void)typed;
    if (strcmp(v, "valgrind") != 0) {
        snprintf(why, n, "--cpu-mask takes 'valgrind' (the CPU features Valgrind shows), not '%s'",
                 v);
        return false;
    }
    ((run_args *)dest)->cpu_mask = CPU_MASK_VALGRIND;
    return true;
}

bool run_metric_settle(run_args *a, char *why, size_t n)
{
    run_plan *p = &a->plan;
    if (p->metric != METRIC_INSTRUCTIONS) {
        if (a->samples > 0) {
            snprintf(why, n, "--samples is for --metric instructions (time samples stop by "
                             "--precision and --time)");
            return false;
        }
        return true;
    }
    for (size_t i = 0; i < p->nworkers; i++)
        if (p->workers[i].threads > 1 || p->workers[i].procs > 1) {
            snprintf(why, n, "--metric instructions counts one worker: valgrind runs threads "
                             "one at a time (drop --threads/--procs above 1)");
            return false;
        }
    if (a->cpu_mask != NULL) {
        snprintf(why, n, "--cpu-mask is for time runs: under valgrind the library already sees "
                         "valgrind's CPU");
        return false;
    }
    /* Counts repeat: one sample unless asked to show that they do. */
    unsigned k = a->samples > 0 ? a->samples : 1;
    p->sampling.min_samples = p->sampling.max_samples = p->sampling.block_rounds = k;
    p->sampling.min_blocks = 1;
    p->target_instructions = a->quick ? 2000000 : 10000000;
    return true;
}
