/* What /proc/cpuinfo says about the CPU: the one reader of it, for the CSV's
 * cpu column and the run's metadata.txt alike. */
#ifndef HARNESS_CPUINFO_H
#define HARNESS_CPUINFO_H

#include <stddef.h>

/* The whole of /proc/cpuinfo (malloc'd, for free()), or NULL. */
char *cpuinfo_read(void);

/* The CPU's name in cpuinfo text (NULL: none): an arm64 core decoded from its
 * implementer and part (arm_parts.def, as lscpu does), else the first of
 * "model name" (x86), "Model"/"Hardware" (boards), "uarch" (RISC-V), "cpu"
 * (POWER), else the raw implementer and part numbers, else "unknown". */
void cpuinfo_model(const char *text, char *out, size_t n);

/* The first CPU's feature list: "flags" (x86) or "Features" (arm), else
 * "isa" (RISC-V); "unknown" when there is none.  Truncated to n. */
void cpuinfo_flags(const char *text, char *out, size_t n);

#endif
