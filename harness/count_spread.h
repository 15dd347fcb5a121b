/* An instr/op row's interval (csv/units.h): counts repeat, so ci_low and
 * ci_high are the lowest and highest sample, and the note says when they
 * differ.  A row of rates keeps its median's confidence interval. */
#ifndef HARNESS_COUNT_SPREAD_H
#define HARNESS_COUNT_SPREAD_H

#include "../record/row.h"

void count_spread(result_row *r);

#endif
