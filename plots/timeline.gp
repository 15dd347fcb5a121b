# plots/timeline.gp — the release-history chart of one workload and block
# size (or operation): x = the releases in release order at equal steps,
# labelled with the release and its date, y = the rate, one line per API
# path with 95% CI whiskers; the forks stand apart after a dashed rule.
# ARG6: the y axis label (with its unit); ARG7: the x of the rule before the
# forks (-1: no fork, or no OpenSSL release).
# The .dat file (analysis/chart_timeline.c): x, release, date ("-": none),
# then rate/low/high per API path.  Labels reach gnuplot as data only.
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
ylab = ARG6; gap = ARG7 + 0
# At least 64 pixels a step, so that no two rotated labels overlap however
# many releases there are.
stats data using 1 nooutput
steps = STATS_max + 1
W = steps * 64 + 360 > 1100 ? int(steps * 64 + 360) : 1100; H = 640
load "common.gp"
tic(release, date) = date eq "-" ? release : release . "\n" . date
set ylabel ylab
set xlabel "release (in release order: OpenSSL by version, then the forks)"
set yrange [0:*]
set offsets 0.5, 0.5, graph 0.08, 0
# Rotated, so that neither long fork names nor many releases overlap.
set xtics nomirror rotate by 40 right scale 0.5 font ",10"
set bmargin 10
set key outside right top vertical Left reverse title "API path" box lc rgb "#bbbbbb"
if (gap >= 0) {
    set arrow 1 from first gap, graph 0 to first gap, graph 1 nohead dt 3 lw 1.2 lc rgb "#888888"
    set label 1 "forks" at first gap, graph 1 offset 1, -1 left textcolor rgb "#666666"
}
# The first clause puts every release's tic, measured or not (y = 0 is drawn
# as nothing); then one line per API path, each a little to the side so
# that the whiskers of paths with close rates do not hide each other.
dodge(a) = (a - (nseries + 1) / 2.0) * 0.08
plot data using 1:(0):xtic(tic(strcol(2), strcol(3))) with points ps 0 lc rgb "#ffffff" notitle, \
     for [a = 1:nseries] data using ($1 + dodge(a)):(column(3*a + 1)):(column(3*a + 2)):(column(3*a + 3)) \
     with yerrorlines lw 2 pt (a % 7 + 4) ps 1.2 lc rgb colour(slot(a)) title columnheader(3*a + 1)
