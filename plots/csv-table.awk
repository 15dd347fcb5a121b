# plots/csv-table.awk — one CSV file (RFC 4180, header first) as an HTML
# table, for plots/html.sh.  Every value and the caption (it holds labels)
# go through html_esc (plots/html.awk); they come from the file and the
# environment, never as program text (awk -v would also rewrite a caption's
# backslashes).
#
#   CSV_COLS='label workload ratio:%.3f' CSV_CAPTION=TEXT \
#       awk -f plots/csv.awk -f plots/html.awk -f plots/csv-table.awk FILE
#
# CSV_COLS picks columns by header name, in that order; NAME:FORMAT prints a
# number with printf FORMAT (an empty field stays empty).  A column the file
# lacks is left out.  A row whose `verdict` or `status` is slower/regression
# or a failure gets class="bad", faster gets class="good".
BEGIN { ncols = split(ENVIRON["CSV_COLS"], want, " "); caption = ENVIRON["CSV_CAPTION"]; csv_rec = "" }
{
    if (!csv_record()) next
    n = split_csv(csv_rec, f); csv_rec = ""
    if (!header_done) {
        for (i = 1; i <= n; i++) at[f[i]] = i
        printf "<table>\n"
        if (caption != "") printf "<caption>%s</caption>\n", html_esc(caption)
        printf "<thead><tr>"
        for (k = 1; k <= ncols; k++) {
            split(want[k], nf, ":"); name[k] = nf[1]; fmt[k] = nf[2]
            if (name[k] in at) printf "<th>%s</th>", html_esc(name[k])
        }
        printf "</tr></thead>\n<tbody>\n"
        header_done = 1; next
    }
    cls = ""
    v = ("verdict" in at) ? f[at["verdict"]] : ""
    s = ("status" in at) ? f[at["status"]] : ""
    if (v == "slower" || v == "failed" || (s != "" && s != "ok" && s != "unsupported")) cls = " class=\"bad\""
    else if (v == "faster") cls = " class=\"good\""
    printf "<tr%s>", cls
    for (k = 1; k <= ncols; k++) {
        if (!(name[k] in at)) continue
        x = f[at[name[k]]]
        if (fmt[k] != "" && x != "" && x ~ /^[-+0-9.eE]+$/) x = sprintf(fmt[k], x)
        printf "<td>%s</td>", html_esc(x)
    }
    printf "</tr>\n"
    rows++
}
END {
    if (header_done) printf "</tbody></table>\n"
    if (!rows) printf "<p>(no rows)</p>\n"
}
