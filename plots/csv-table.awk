# plots/csv-table.awk — one CSV file (RFC 4180, header first) as an HTML
# table, for plots/html.sh.  Every value is HTML-escaped.
#
#   awk -v cols='label workload ratio:%.3f' -v caption=TEXT -f plots/csv-table.awk FILE
#
# cols picks columns by header name, in that order; NAME:FORMAT prints a
# number with printf FORMAT (an empty field stays empty).  A column the file
# lacks is left out.  A row whose `verdict` or `status` is slower/regression
# or a failure gets class="bad", faster gets class="good".
function esc(s) {
    gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s)
    return s
}
# Splits one CSV record (already joined across quoted newlines) into f[1..n].
function split_csv(line, f,    n, i, c, q, field) {
    n = 0; field = ""; q = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (q) {
            if (c == "\"") {
                if (substr(line, i + 1, 1) == "\"") { field = field "\""; i++ } else q = 0
            } else field = field c
        } else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
    }
    f[++n] = field
    return n
}
function quotes_open(s,    t) { t = s; return gsub(/"/, "", t) % 2 }
BEGIN { ncols = split(cols, want, " "); rec = "" }
{
    sub(/\r$/, "")
    rec = rec == "" ? $0 : rec "\n" $0
    if (quotes_open(rec)) next
    n = split_csv(rec, f); rec = ""
    if (!header_done) {
        for (i = 1; i <= n; i++) at[f[i]] = i
        printf "<table>\n"
        if (caption != "") printf "<caption>%s</caption>\n", esc(caption)
        printf "<thead><tr>"
        for (k = 1; k <= ncols; k++) {
            split(want[k], nf, ":"); name[k] = nf[1]; fmt[k] = nf[2]
            if (name[k] in at) printf "<th>%s</th>", esc(name[k])
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
        printf "<td>%s</td>", esc(x)
    }
    printf "</tr>\n"
    rows++
}
END {
    if (header_done) printf "</tbody></table>\n"
    if (!rows) printf "<p>(no rows)</p>\n"
}
