#include "chart_kinds.h"

static const struct {
    const char *name, *prefix, *fields, *doc;
} kinds[CHART_COUNT] = {
#define CHART(id, name, prefix, fields, doc) [CHART_##id] = {name, prefix, fields, doc},
#include "charts.def"
#undef CHART
};

const char *chart_kind_name(chart_kind k)
{
    return kinds[k].name;
}

const char *chart_kind_prefix(chart_kind k)
{
    return kinds[k].prefix;
}

const char *chart_kind_fields(chart_kind k)
{
    return kinds[k].fields;
}

const char *chart_kind_doc(chart_kind k)
{
    return kinds[k].doc;
}
