/* --metric instructions, the child's side: it runs under Valgrind's
 * callgrind (valgrind_child.h), which counts nothing until the one function
 * below is entered and writes a profile when it returns; the child reads the
 * count back from that file.  Setup, known-answer checks, calibration's
 * warm-up and the untimed batch before a sample never run inside it, so
 * they are not counted. */
#ifndef HARNESS_COUNTING_H
#define HARNESS_COUNTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The function callgrind counts (--toggle-collect) and dumps after
 * (--dump-after): it runs exactly the operations of one sample.  Named in
 * valgrind_child.c's command line, so never inlined. */
#define COUNTED_RUN_NAME "osslbench_counted_run"
bool osslbench_counted_run(bool (*run)(void *, uint64_t), void *state, uint64_t n);

/* Set in a child that runs under callgrind: the folder its profiles go to
 * (valgrind_child.c's --callgrind-out-file).  NULL: a timing child.  With
 * `keep`, each sample's profile stays in the folder for the parent to read
 * (osslbench explain); else the child removes it once it has the count. */
void counting_start(const char *dir, bool keep);
bool counting_active(void);

/* One sample: an untimed, uncounted batch of n / WARMUP_DIVISOR operations,
 * then n counted.  The instructions of the n operations, or UINT64_MAX when
 * the loop failed or no count could be read (why says which).  `profile`
 * (may be NULL) receives the file name of the kept profile, "" when none. */
uint64_t count_sample(bool (*run)(void *, uint64_t), void *state, uint64_t n, char *profile,
                      size_t profile_len, char *why, size_t len);

/* Operations per sample for about `target` instructions, from the count of
 * one operation: a pure function of that count, so every run of the same
 * library and point counts the same number of operations.  0 on failure. */
uint64_t count_calibrate(bool (*run)(void *, uint64_t), void *state, uint64_t target,
                         char *why, size_t len);

#endif
