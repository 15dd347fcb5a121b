# plots/bisect.gp — a bisect's tested commits: x = the position in the
# history from GOOD (0) to BAD, y = the rate (or instruction count) of each
# tested commit in the shown unit, marked good, bad, the first commit found,
# or skipped (no build), and the boundary between good and bad.
# ARG6: the y axis label (with its unit); ARG7: the boundary, in the shown
# unit; ARG8: the first commit's legend ("first bad", "first faster" ...).
# The .dat file (bisect/chart.sh): x, value (NaN: none), short commit
# ("": not labelled), mark (good|bad|first|skip).  Labels are data only.
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
ylab = ARG6; boundary = ARG7 + 0; first = ARG8
W = 1000; H = 560
load "common.gp"
set datafile separator "\t"
set xlabel "commit (history order, GOOD = 0)"
set ylabel ylab
set xtics rotate by -60 font ",8"
set key outside bottom center horizontal
set yrange [0:*]
set offsets 0.5, 0.5, 0, 0
grey = "#777777"
plot data using 1:(0):xtic(3) with points ps 0 notitle, \
     '' using 1:(strcol(4) eq "good" ? $2 : NaN) with points pt 7 ps 1.6 lc rgb colour(2) title "good", \
     '' using 1:(strcol(4) eq "bad" ? $2 : NaN) with points pt 7 ps 1.6 lc rgb colour(3) title "bad", \
     '' using 1:(strcol(4) eq "first" ? $2 : NaN) with points pt 9 ps 2.4 lc rgb colour(3) title first, \
     '' using 1:(strcol(4) eq "skip" ? 0 : NaN) with points pt 2 ps 2 lc rgb grey title "skipped (no build)", \
     boundary with lines dt 2 lc rgb "#000000" title "boundary (geometric midpoint of GOOD and BAD)"
