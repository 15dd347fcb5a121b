# plots/html.awk — the one HTML escape of plots/: any text from a results
# file, a charts.list or metadata.txt (labels, versions, notes, host names)
# goes through html_esc before it is written into report.html, as element
# text or as a quoted attribute value.
#
#   awk -f plots/html.awk -f OTHER.awk ...       html_esc(s) for OTHER.awk
#   awk -v html_lines=1 -f plots/html.awk        each input line, escaped
function html_esc(s) {
    gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
    gsub(/"/, "\\&quot;", s); gsub(/'/, "\\&#39;", s)
    return s
}
html_lines { print html_esc($0) }
