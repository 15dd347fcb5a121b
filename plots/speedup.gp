# plots/speedup.gp — speed-up vs the baseline, a bar per release and point,
# error bars from the 95% CI of the ratio, a dashed line at 1 (the
# baseline).  Block sizes: grouped columns (a handful of groups); op/s
# workloads and operations: horizontal bars (hbars.gp), a row each, so a
# family of 40 curves stays readable.
# ARG6: what the groups are ("block size" or "workload and operation").
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5; groups = ARG6
horizontal = groups ne "block size"
if (horizontal) { load "hbars.gp" } else { W = 960; H = 600 }
load "common.gp"
set style fill solid 0.9 border rgb "#333333"
set key outside right top vertical Left reverse title "release" box lc rgb "#bbbbbb" width 2
if (!horizontal) {
    set style data histograms
    set style histogram errorbars gap 1.5 lw 1.2
    set boxwidth 0.92 relative
    set errorbars lc rgb "#222222"
    set xlabel groups
    set ylabel "speed-up (× baseline rate; > 1 = faster)"
    set yrange [0:*]
    set xtics nomirror scale 0
    set bmargin 5.5
    set xlabel offset 0, -0.6
    set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "#555555" front
    plot for [i = 1:nseries] data using (column(3*i - 1)):(whisker_lo(i)):(whisker_hi(i)):xtic(strcol(1)) \
         lc rgb colour(slot(i)) title columnheader(3*i - 1), \
         NaN with lines dt 2 lw 1.5 lc rgb "#555555" title "baseline (1.0)"
} else {
    set ylabel groups
    set xlabel "speed-up (× baseline rate; > 1 = faster)"
    set xrange [0:*]
    set yrange [rows - 0.5:-0.5]
    set ytics nomirror scale 0
    if (rows > 12) { set x2tics; set link x2; set tmargin 5 }
    unset grid
    set grid xtics lc rgb "#dddddd"
    set arrow 1 from first 1, graph 0 to first 1, graph 1 nohead dt 2 lw 2 lc rgb "#000000" front
    plot data using (0):0:ytic(strcol(1)) with points lt nodraw notitle, \
         for [i = 1:nseries] data using (column(3*i - 1)):(bar_y(i)):(0):(column(3*i - 1)): \
             (bar_y(i) - bar_h / 2):(bar_y(i) + bar_h / 2) with boxxyerror \
             lc rgb colour(slot(i)) title columnheader(3*i - 1), \
         for [i = 1:nseries] data using (column(3*i - 1)):(bar_y(i)):(whisker_lo(i)):(whisker_hi(i)) \
             with xerrorbars lc rgb "#222222" pt 0 notitle, \
         NaN with lines dt 2 lw 1.5 lc rgb "#555555" title "baseline (1.0)"
}
