# plots/common.gp — loaded by every chart script (plots/draw.sh puts this
# folder on GNUPLOT_LIB).  Arguments of every chart script (gnuplot -c):
#   ARG1 format (png|svg)  ARG2 data file  ARG3 output file without extension
#   ARG4 palette slots of the series, space-separated (release indexes;
#        host indexes for hosts.gp and relative.gp; for apis.gp, API path
#        indexes in the run's order of paths)
#   ARG5 chart title  ARG6... chart-specific (each kind's fields:
#        analysis/charts.def, `osslbench list --charts --tsv`)
# A script copies them into fmt, data, out, slots, title (inside `load`
# the ARGn of the caller are not visible) and then loads this file.
# Every string from the data (release labels) reaches gnuplot as data or as
# a string variable, never as code; `noenhanced` keeps '_' and '^' literal.
if (!exists("W")) W = 960
if (!exists("H")) H = 600
if (fmt eq "svg") {
    set terminal svg size W, H dynamic noenhanced font "DejaVu Sans,13" background "white"
} else {
    set terminal pngcairo size W, H noenhanced font "DejaVu Sans,11" background "white"
}
set output out . "." . fmt
set encoding utf8
set datafile missing "?"

# Okabe-Ito, colour-blind safe; yellow last (it is faint on white).
okabe = "#0072B2 #E69F00 #009E73 #D55E00 #56B4E9 #CC79A7 #000000 #F0E442"
colour(slot) = word(okabe, int(slot) % 8 + 1)
# Series i (1-based) of this chart: its release's palette slot.
slot(i) = word(slots, i) + 0
nseries = words(slots)

set title title font ",15"
# What the whiskers hold, measured, on every chart (issues 43, 54): not the
# 95% their construction aims at (docs/method.md#what-the-intervals-hold).
set label 99 "whiskers: 95% intervals over a run's visits (2 min, slow spells dropped); a 2nd run's ratio fell inside 88-98% of the time (shared VM, 2026-12-07; docs/method.md)" \
    at screen 0.005, 0.008 left font ",8" textcolor rgb "#777777"
set border 3 lw 1.2
set tics nomirror
set grid ytics lc rgb "#dddddd" lw 1 dt 1

# Tics at 1-2-5 steps for log axes (a decade apart is too sparse to read).
# Where they may fall and their labels come from the C side as data
# (csv/units.c, given by osslbench draw, charts/chart_draw.c): arrays tic_at,
# tic_plain ("20000"), tic_short ("20k") and tic_decade (1: a power of ten),
# so that an axis reads as the tables do.
logtics_for(axis) = sprintf('set %stics (); do for [i = 1:|tic_at|] { set %stics add (tic_plain[i] tic_at[i]) }', axis, axis)
logtics_y = logtics_for("y")
# The same with short labels (500, 1k, 20k, 5M) for a horizontal axis,
# where "20000 50000 100000" would run together; over more than `decades`
# decades only the powers of ten are labelled (2 and 5: minor tics).
logtics_k(axis, decades) = sprintf('set %stics (); do for [i = 1:|tic_at|] { if (tic_decade[i] || %d <= 4) { set %stics add (tic_short[i] tic_at[i]) } else { set %stics add ("" tic_at[i] 1) } }', axis, decades, axis, axis)
# A ratio's whiskers from columns 3i and 3i+1 of a ratio chart's data; a
# ratio without an interval (rows of an older file: `?`) gets whiskers of no
# length at the bar's end, not left out with its bar.
whisker_lo(i) = valid(3*i) ? column(3*i) : column(3*i - 1)
whisker_hi(i) = valid(3*i + 1) ? column(3*i + 1) : column(3*i - 1)
