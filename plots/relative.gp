# plots/relative.gp — each machine relative to a reference machine, one
# release: grouped bars (host rate / reference rate), one group per block
# size (or workload and operation), error bars from the 95% CI of the ratio,
# a dashed line at 1 (as fast as the reference).
# ARG6: the reference host's label.
W = 960; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5; ref = ARG6
load "common.gp"
ticname(s) = strstrt(s, "|") ? s[1:strstrt(s, "|") - 1] . "\n" . ticname(s[strstrt(s, "|") + 1:]) : s
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.92 relative
set errorbars lc rgb "#222222"
set xlabel "block size or operation"
set ylabel "rate / " . ref . " rate (> 1 = faster)"
set yrange [0:*]
set xtics nomirror scale 0
set bmargin 7
set xlabel offset 0, -2
set key outside right top vertical Left reverse title "host" box lc rgb "#bbbbbb"
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "#555555" front
plot for [i = 1:nseries] data using (column(3*i - 1)):(whisker_lo(i)):(whisker_hi(i)):xtic(ticname(strcol(1))) \
     lc rgb colour(slot(i)) title columnheader(3*i - 1), \
     NaN with lines dt 2 lw 1.5 lc rgb "#555555" title ref . " (1.0)"
