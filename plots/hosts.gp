# plots/hosts.gp — one release on several machines (make fleet): grouped
# bars, one group per block size (or workload and operation), one bar per
# host, error bars from the 95% CI of each median.  A group label "16 B|evp"
# is drawn on two lines (each | breaks one).
# ARG6: y axis label; ARG7: 1 for a log scale (operations per second).
W = 960; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5; ylab = ARG6; logy = ARG7
load "common.gp"
ticname(s) = strstrt(s, "|") ? s[1:strstrt(s, "|") - 1] . "\n" . ticname(s[strstrt(s, "|") + 1:]) : s
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.92 relative
set errorbars lc rgb "#222222"
set xlabel "block size or operation"
set ylabel ylab
if (logy eq "1") {
    set logscale y 10
    @logtics_y
    set format y "%.0f"
    set grid ytics mytics lc rgb "#eeeeee"
} else {
    set yrange [0:*]
}
set xtics nomirror scale 0
set bmargin 7
set xlabel offset 0, -2
set key outside right top vertical Left reverse title "host" box lc rgb "#bbbbbb"
plot for [i = 1:nseries] data using (column(3*i - 1)):(column(3*i)):(column(3*i + 1)):xtic(ticname(strcol(1))) \
     lc rgb colour(slot(i)) title columnheader(3*i - 1)
