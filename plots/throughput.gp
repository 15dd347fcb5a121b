# plots/throughput.gp — throughput vs block size, one line per release.
# ARG6: the block sizes measured, space-separated (the x tics); ARG7: the
# y-axis label, in the unit csv/units.h shows a byte rate in.
W = 960; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5; sizes = ARG6; ylabel = ARG7
load "common.gp"
set xlabel "block size (bytes, log2 scale)"
set ylabel ylabel
set logscale x 2
set logscale y 10
@logtics_y
set format y "%g"
set xtics ()
do for [k = 1:words(sizes)] {
    v = word(sizes, k) + 0
    lbl = v < 1024 ? sprintf("%d", v) : sprintf("%dK", v / 1024)
    set xtics add (lbl v)
}
set autoscale yfix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key outside right top vertical Left reverse title "release" box lc rgb "#bbbbbb"
plot for [i = 1:nseries] data index (i - 1) using 1:2:3:4 with yerrorlines \
     lw 2 pt (i % 7 + 4) ps 1.1 lc rgb colour(slot(i)) title columnheader(2)
