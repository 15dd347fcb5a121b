# plots/hbars.gp — horizontal grouped bars for the op/s charts (pubkey.gp,
# speedup.gp's op/s charts): a row per line of the data file, top to
# bottom, one bar per series within it.  The chart grows with its rows, so
# ten rows or eighty, no two labels ever share a line.  Load it after the
# script has set fmt, data, out, slots, title and before common.gp (it
# sets H); then call the plot with @hbars_plot (below).
set datafile missing "?"
set key autotitle columnhead
stats data using 0 nooutput
rows = STATS_records
nseries = words(slots)
row_px = nseries * 9 < 22 ? 22 : nseries * 9
W = 960
H = 150 + rows * row_px
H = H < 360 ? 360 : H
bar_h = 0.8 / nseries
# Series i's bar in the current row ($0: the row, from 0).
bar_y(i) = column(0) - 0.4 + (i - 0.5) * bar_h
# The smallest value of columns c, c+3 ... of a row (1e300: none), for a
# log axis's left end; row_max the largest (-1e300: none).
row_min(c) = c > 3 * nseries + 1 ? 1e300 : \
    (valid(c) && column(c) > 0 && column(c) < row_min(c + 3) ? column(c) : row_min(c + 3))
row_max(c) = c > 3 * nseries + 1 ? -1e300 : \
    (valid(c) && column(c) > row_max(c + 3) ? column(c) : row_max(c + 3))
