# plots/csv.awk — reading the CSV files osslbench writes (RFC 4180), for
# the other awk programs here (awk -f plots/csv.awk -f THEIRS).  Every
# value is data: it reaches no program text.
#
# csv_record() joins a record that a quoted line break spans (0 while the
# record is still open); split_csv(rec, f) splits it into f[1..n], each
# value as written before csv_put_text's formula guard (one leading ').

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
        else if (c == ",") { f[++n] = csv_unguard(field); field = "" }
        else field = field c
    }
    f[++n] = csv_unguard(field)
    return n
}
# csv_put_text writes a cell a spreadsheet would run as a formula, or one
# beginning with ', with one more ' in front: dropping it gives the value.
function csv_unguard(s) { return substr(s, 1, 1) == "'" ? substr(s, 2) : s }
function quotes_open(s,    t) { t = s; return gsub(/"/, "", t) % 2 }
# Adds the current input line to csv_rec; 1 when csv_rec is a whole record.
function csv_record() {
    sub(/\r$/, "")
    csv_rec = csv_rec == "" ? $0 : csv_rec "\n" $0
    return !quotes_open(csv_rec)
}
