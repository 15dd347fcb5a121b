# plots/scaling.gp — scaling with workers, for one workload and API path:
# one panel per operation and block size, x = workers at once (threads or
# processes), y = aggregate rate / the same release's rate with one worker,
# one line per release (threads solid, processes dashed), error bars from
# the 95% CI of the ratio; the dotted diagonal is ideal scaling.
# ARG6: the panels (block sizes as "16-byte", or operations), space-separated
# ARG7: per series, "threads" or "procs"; ARG8: the most workers measured.
panels = ARG6; modes = ARG7; most = ARG8 + 0
np = words(panels)
ncol = np < 3 ? np : 3
nrow = int((np + ncol - 1) / ncol)
W = np == 1 ? 860 : 460 * ncol + 80; H = 400 * nrow + 90
fmt = ARG1; data = ARG2; out = ARG3; slots = ARG4; title = ARG5
load "common.gp"
dashes(i) = word(modes, i) eq "procs" ? 2 : 1
panel_title(p) = strstrt(word(panels, p), "-byte") > 0 ? word(panels, p) . " blocks" : word(panels, p)
set xlabel "workers at once"
set ylabel "rate / rate with one worker"
set xrange [0.8 : most + 0.2]
set yrange [0 : *]
if (most <= 16) { set xtics 1 } else { set xtics autofreq }
# one panel: the key beside it; several: inside the first (the others keep their width)
if (np == 1) {
    set key outside right top vertical Left reverse title "release, workers" box lc rgb "#bbbbbb"
} else {
    set key inside top left vertical Left reverse title "release, workers" box lc rgb "#bbbbbb" opaque samplen 3
}
set multiplot layout nrow, ncol title title font ",15"
do for [p = 1:np] {
    set title panel_title(p) font ",13"
    if (p > 1) { unset key }
    plot for [i = 1:nseries] data index ((p - 1) * nseries + i - 1) using 1:2:3:4 with yerrorlines \
         lw 2 pt (i % 7 + 4) ps 1.1 dt dashes(i) \
         lc rgb colour(slot(i)) title columnheader(2), \
         x with lines dt 3 lw 1.5 lc rgb "#777777" title "ideal (N x one worker)"
}
unset multiplot
