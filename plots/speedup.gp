# plots/speedup.gp — speed-up vs the baseline: grouped bars, one group per
# block size (or op/s workload and operation), one bar per release, error
# bars from the 95% CI of the ratio.  A dashed line marks 1 (the baseline).
# ARG6: what the groups are ("block size" or "workload and operation").
W = 960; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5; groups = ARG6
load "common.gp"
# "workload op" (op/s points, e.g. "rsa2048 sign") -> two lines under the
# group; block sizes ("16 B") stay on one line
ticname(s) = (groups ne "block size" && words(s) == 2) ? word(s, 1) . "\n" . word(s, 2) : s
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.92 relative
set errorbars lc rgb "#222222"
set xlabel groups
set ylabel "speed-up (× baseline rate; > 1 = faster)"
set yrange [0:*]
set xtics nomirror scale 0
set bmargin 5.5
set xlabel offset 0, -0.6
set key outside right top vertical Left reverse title "release" box lc rgb "#bbbbbb"
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "#555555" front
plot for [i = 1:nseries] data using (column(3*i - 1)):(column(3*i)):(column(3*i + 1)):xtic(ticname(strcol(1))) \
     lc rgb colour(slot(i)) title columnheader(3*i - 1), \
     NaN with lines dt 2 lw 1.5 lc rgb "#555555" title "baseline (1.0)"
