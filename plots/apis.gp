# plots/apis.gp — API paths within each release, for one workload: two
# panels, the smallest and the largest block size (or the first two
# operations of an op/s workload), one group per release, one bar per API
# path.  The 3.x per-call overhead of EVP and fetch shows in the small-block
# panel.
# ARG6, ARG7: the panel titles; ARG8: the y axis label (with its unit).
W = 1200; H = 600
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
panel1 = ARG6; panel2 = ARG7; ylab = ARG8
load "common.gp"
unset title
# ARG4: the API paths present, as their index in the run's order of API
# paths (the runner's table order), so a path keeps its colour.
set style data histograms
set style histogram errorbars gap 1.5 lw 1.2
set style fill solid 0.9 border rgb "#333333"
set boxwidth 0.92 relative
set errorbars lc rgb "#222222"
set yrange [0:*]
set xtics nomirror scale 0 rotate by 25 right
set bmargin 6
set xlabel "release"
set ylabel ylab
set tmargin 6
set multiplot layout 1, 2 title title font ",15"
do for [p = 0:1] {
    set title (p == 0 ? panel1 : panel2) font ",13"
    if (p == 0) {
        set key at screen 0.5, screen 0.905 center horizontal Left reverse title "API path:" box lc rgb "#bbbbbb"
    } else {
        unset key
    }
    plot for [a = 1:nseries] data index p using (column(3*a - 1)):(column(3*a)):(column(3*a + 1)):xtic(1) \
         lc rgb colour(slot(a)) title columnheader(3*a - 1)
}
unset multiplot
