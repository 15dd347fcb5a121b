/* The row each library starts a point with: who measured it (label,
 * release, library file), what (workload, API path, op, size, workers),
 * where and how (host, CPU, unit, the statistic of its rate). */
#include "point_state.h"

#include "../csv/units.h"
#include "../stats/blocked.h"
#include "workloads/speed_names.h"

#include <string.h>

/* Whether op is one of the workload's varying_ops (a word of that list). */
static bool op_varies(const workload *w, const char *op)
{
    size_t n = strlen(op);
    for (const char *p = w->varying_ops; p != NULL && (p = strstr(p, op)) != NULL; p += n)
        if ((p == w->varying_ops || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static void start_row(const schedule *s, const libproc *lp, const point_def *p, result_row *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->label, sizeof r->label, "%s", lp->label);
    snprintf(r->version, sizeof r->version, "%s", lp->version);
    r->version_num = lp->version_num;
    snprintf(r->flavor, sizeof r->flavor, "%s", lp->flavor);
    snprintf(r->version_text, sizeof r->version_text, "%s", lp->version_text);
    snprintf(r->lib, sizeof r->lib, "%s", lp->path);
    snprintf(r->api, sizeof r->api, "%s", api_name(p->api));
    snprintf(r->workload, sizeof r->workload, "%s", p->ws->name);
    snprintf(r->op, sizeof r->op, "%s", p->ws->w->ops[p->op]);
    r->bytes = p->bytes;
    r->threads = p->workers.threads;
    r->procs = p->workers.procs;
    r->cpus = (uint32_t)s->ncpus;
    snprintf(r->unit, sizeof r->unit, "%s",
             s->plan->metric == METRIC_INSTRUCTIONS ? UNIT_INSTRUCTIONS : workload_unit(p->ws->w));
    rate_stat stat = s->plan->metric == METRIC_INSTRUCTIONS ? RATE_MEDIAN
                     : op_varies(p->ws->w, r->op)          ? RATE_VISIT_MEDIAN
                                                           : RATE_VISIT_UPPER;
    snprintf(r->rate_stat, sizeof r->rate_stat, "%s", rate_stat_name(stat));
    snprintf(r->ia32cap, sizeof r->ia32cap, "%s", lp->ia32cap);
    snprintf(r->kind, sizeof r->kind, "%s", kind_name(p->ws->w->kind));
    snprintf(r->family, sizeof r->family, "%s", workload_family(p->ws));
    snprintf(r->host, sizeof r->host, "%s", s->where->host);
    snprintf(r->cpu, sizeof r->cpu, "%s", s->where->cpu);
    snprintf(r->timestamp, sizeof r->timestamp, "%s", s->where->timestamp);
    snprintf(r->run_id, sizeof r->run_id, "%s", s->where->run_id);
    snprintf(r->providers, sizeof r->providers, "%s", lp->providers);
    const char *propquery = s->plan->providers.propquery;
    snprintf(r->propquery, sizeof r->propquery, "%s", propquery != NULL ? propquery : "");
    r->status = ST_OK;
}

void point_start_rows(const schedule *s, point_state *pt)
{
    for (size_t i = 0; i < s->nlibs; i++) {
        start_row(s, &s->libs[i], &pt->def, &pt->lib[i].row);
        pt->lib[i].measured = true;
    }
}

