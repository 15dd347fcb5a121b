/* run's --metric, --samples and --cpu-mask: the takes of their option-table
 * lines (options/run_options.c) and the rules between them and the rest of the
 * command line, checked once everything is read. */
#ifndef OPTIONS_RUN_METRIC_H
#define OPTIONS_RUN_METRIC_H

#include "option_table.h"
#include "run_options.h"

bool take_metric(const option_spec *o, void *dest, const char *typed, const char *v, char *why,
                 size_t n);
bool take_samples(const option_spec *o, void *dest, const char *typed, const char *v,
                  char *why, size_t n);
bool take_cpu_mask(const option_spec *o, void *dest, const char *typed, const char *v,
                   char *why, size_t n);

/* After parsing: false with the one-line error when the options clash
 * (--threads 2 with --metric instructions); sets the metric's sampling. */
bool run_metric_settle(run_args *a, char *why, size_t n);

/* The OPENSSL_ia32cap of --cpu-mask valgrind (docs/instructions.md: how
 * it was found).  Clears what Valgrind 3.19's CPUID hides from a library on
 * this project's x86-64 hosts: in the leaf-7 word, SHA-NI, ADX, VAES,
 * VPCLMULQDQ, AVX-512 (every part), and the system bits it also hides
 * (FSGSBASE, SMAP, CLFLUSHOPT, CLWB, UMIP, PKU, CET, RDPID); in the first
 * word, the hypervisor bit.  BMI2 stays: 3.19 shows it. */
#define CPU_MASK_VALGRIND "~0x8000000000000000:~0x405edefdbb0001"

#endif
