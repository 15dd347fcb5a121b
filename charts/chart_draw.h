/* Charts drawn from a report's data: one gnuplot per chart and format
 * (plots/KIND.gp), and draw.sh's whole job (the report, then the charts,
 * then the tables on the terminal).  What `osslbench draw`, `make compare`
 * (cli/cmd_bench.c), `make plots` and `make report` (plots/draw.sh,
 * plots/report.sh) use; messages begin "plots: ". */
#ifndef CHARTS_CHART_DRAW_H
#define CHARTS_CHART_DRAW_H

#include "../analysis/report.h"

/* Every chart DIR/charts.list names, PNG and SVG, up to one gnuplot per
 * usable CPU at a time, run in DIR with GNUPLOT_LIB=plots_dir.  Each field
 * is checked first and reaches gnuplot only as a -c argument, never as
 * program text.  0, or 1 after naming what could not be drawn. */
int chart_draw_list(const char *plots_dir, const char *dir);

typedef struct {
    const char *plots_dir; /* the gnuplot scripts */
    const char *results;   /* a run folder or a results CSV */
    const char *out;       /* NULL: RESULTS/plots, or plots-<time> when that exists */
    const char *baseline;  /* NULL: the oldest release */
} chart_job;

/* A fresh folder with the report's tables and chart data (nothing of it is
 * left when the report fails), the charts, then the speed-up (and scaling)
 * table on stdout and where everything is on stderr.  0, or 1. */
int chart_draw_run(const chart_job *job);
/* The same for a report already built (make compare's, of the rows in
 * memory), job->results being its run folder. */
int chart_draw_report(const chart_job *job, const report *r);

#endif
