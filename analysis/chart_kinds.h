/* The chart kinds of charts.def, for the chart writers and `list --charts`. */
#ifndef ANALYSIS_CHART_KINDS_H
#define ANALYSIS_CHART_KINDS_H

#include <stddef.h>

typedef enum {
#define CHART(id, name, prefix, fields, doc) CHART_##id,
#include "charts.def"
#undef CHART
    CHART_COUNT
} chart_kind;

/* charts.list's kind field and the gnuplot script's name. */
const char *chart_kind_name(chart_kind k);
/* The start of the kind's file names. */
const char *chart_kind_prefix(chart_kind k);
/* The charts.list fields after the title ("" for none). */
const char *chart_kind_fields(chart_kind k);
const char *chart_kind_doc(chart_kind k);

#endif
