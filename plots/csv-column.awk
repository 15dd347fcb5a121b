# plots/csv-column.awk — chosen columns of a CSV osslbench wrote, one
# TAB-separated line per row, for plots/html.sh to read as data.
#
#   CSV_COLUMNS='label baseline' awk -f plots/csv.awk -f plots/csv-column.awk FILE
#
# Columns are named in the environment (never in program text); a name the
# header lacks gives an empty field.  A TAB or line break inside a value is
# written as a space, so that each row stays one line of fields.
BEGIN { ncols = split(ENVIRON["CSV_COLUMNS"], want, " "); csv_rec = "" }
{
    if (!csv_record()) next
    n = split_csv(csv_rec, f); csv_rec = ""
    if (!header_done) {
        for (i = 1; i <= n; i++) at[f[i]] = i
        header_done = 1; next
    }
    line = ""
    for (k = 1; k <= ncols; k++) {
        x = (want[k] in at) ? f[at[want[k]]] : ""
        gsub(/[\t\n\r]/, " ", x)
        line = line (k > 1 ? "\t" : "") x
    }
    print line
}
