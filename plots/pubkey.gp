# plots/pubkey.gp — operations per second of one kind of op/s workloads
# (public-key, key exchange): grouped bars, one group per workload and
# operation, one bar per release; log scale (verify is tens of times faster
# than sign).
W = 960; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
load "common.gp"
# "workload op" (op/s points, e.g. "rsa2048 sign") -> two lines under the group
ticname(s) = words(s) == 2 ? word(s, 1) . "\n" . word(s, 2) : s
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.92 relative
set errorbars lc rgb "#222222"
set xlabel "workload and operation"
set ylabel "operations per second (log scale)"
set logscale y 10
@logtics_y
set yrange [*:*]
set format y "%.0f"
set xtics nomirror scale 0
set bmargin 5.5
set xlabel offset 0, -0.6
set grid ytics mytics lc rgb "#eeeeee"
set key outside right top vertical Left reverse title "release" box lc rgb "#bbbbbb"
plot for [i = 1:nseries] data using (column(3*i - 1)):(column(3*i)):(column(3*i + 1)):xtic(ticname(strcol(1))) \
     lc rgb colour(slot(i)) title columnheader(3*i - 1)
