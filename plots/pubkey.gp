# plots/pubkey.gp — operations per second of one family of op/s workloads
# (rsa, ecdsa, ecdh, kem ...: the CSV's family): horizontal bars (hbars.gp),
# a row per workload and operation, a bar per release; log scale (verify
# is tens of times faster than sign).
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
load "hbars.gp"
# The decades around the lowest and highest value or CI end: the
# axis at the top (x2, for tall charts) needs the range set, not linked.
stats data using (row_min(2) < row_min(3) ? row_min(2) : row_min(3)) nooutput
x0 = 10.0**floor(log10(STATS_min < 1e300 ? STATS_min : 1))
stats data using (row_max(2) > row_max(4) ? row_max(2) : row_max(4)) nooutput
x1 = 10.0**ceil(log10(STATS_max > x0 ? STATS_max : 10 * x0))
load "common.gp"
set ylabel "workload and operation"
set xlabel "operations per second (log scale)"
set logscale x 10
set xrange [x0:x1]
eval logtics_k("x", int(log10(x1 / x0) + 0.5))
set yrange [rows - 0.5:-0.5]
set ytics nomirror scale 0
if (rows > 12) { set logscale x2 10; set x2range [x0:x1]; eval logtics_k("x2", int(log10(x1 / x0) + 0.5)); set tmargin 5 }
unset grid
set grid xtics mxtics lc rgb "#dddddd"
set style fill solid 0.9 border rgb "#333333"
# width: the title "release" is wider than short labels ("a") and would
# leave the box
set key outside right top vertical Left reverse title "release" box lc rgb "#bbbbbb" width 2
plot data using (x0):0:ytic(strcol(1)) with points lt nodraw notitle, \
     for [i = 1:nseries] data using (column(3*i - 1)):(bar_y(i)):(x0):(column(3*i - 1)): \
         (bar_y(i) - bar_h / 2):(bar_y(i) + bar_h / 2) with boxxyerror \
         lc rgb colour(slot(i)) title columnheader(3*i - 1), \
     for [i = 1:nseries] data using (column(3*i - 1)):(bar_y(i)):(column(3*i)):(column(3*i + 1)) \
         with xerrorbars lc rgb "#222222" pt 0 notitle
