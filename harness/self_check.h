/* A workload's known-answer check as the runner's child uses it: once per
 * (library, workload, API path) in the process, and what a check that did
 * not pass makes of the row. */
#ifndef HARNESS_SELF_CHECK_H
#define HARNESS_SELF_CHECK_H

#include "../record/row.h"
#include "workload.h"

/* true when the path passed its self-check (now or earlier in this
 * process).  Else false with the row's status and note: kat_failed and the
 * check's reason (CHECK_FAIL), or unsupported and "not in <library>:
 * <reason>" where the library lacks the algorithm behind an API it exports
 * (CHECK_UNAVAILABLE). */
bool self_check_passed(const crypto_lib *lib, const workload_spec *ws, api_path api,
                       row_status *status, char *note, size_t n);

#endif
