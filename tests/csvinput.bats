#!/usr/bin/env bats
# What `report` and `compare` accept as their results input (issue 19): a
# results folder, '-' (stdin), a CSV cut mid-row by a full disk, a byte order
# mark, and crafted CSVs (labels, numbers, units) refused with one line.
# One quick real run of two labels on the system libcrypto, in setup_file.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUN_DIR=$BATS_FILE_TMPDIR/run
    mkdir -p "$RUN_DIR"
    "$OSSLBENCH" run --lib base="$SYSTEM_LIBCRYPTO" --lib new="$SYSTEM_LIBCRYPTO" \
        --workloads sha256 --sizes 16,1024 --api evp --quick --csv "$RUN_DIR/results.csv" \
        >"$BATS_FILE_TMPDIR/run.log" 2>&1
}

setup() {
    CSV=$RUN_DIR/results.csv
    # a broken runner must fail these tests, never turn them into skips
    [[ -s $CSV ]] || { echo "the quick run in setup_file wrote no results ($(tail -1 "$BATS_FILE_TMPDIR/run.log"))" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
}

# A copy of the results with column NAME of data row ROW (1 = first) set to VALUE.
with_field() {
    awk -F, -v OFS=, -v c="$(csv_col "$CSV" "$1")" -v r="$(($2 + 1))" -v v="$3" \
        'NR == r { $c = v } { print }' "$CSV"
}

@test "report DIR reads the run folder's results.csv, as compare does" {
    run "$OSSLBENCH" report "$CSV"
    [ "$status" -eq 0 ]
    local want=$output
    run "$OSSLBENCH" report "$RUN_DIR"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "report DIR without a results CSV: one line, exit 2" {
    mkdir "$T/empty"
    run "$OSSLBENCH" report "$T/empty"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"$T/empty: no results.csv and no *.csv in this folder"* ]]
}

@test "report - reads the results from stdin" {
    run "$OSSLBENCH" report "$CSV"
    local want=$output
    run "$OSSLBENCH" report - <"$CSV"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "report - among several hosts' results: one line, exit 2" {
    cp "$CSV" "$T/stdin.csv"
    run "$OSSLBENCH" report - "$CSV" <"$T/stdin.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"'-' (stdin) is for one results file"* ]]
}

@test "a CSV cut mid-row (full disk): report and compare read its whole rows, one warning" {
    head -c -7 "$CSV" >"$T/cut.csv"
    local last
    last=$(wc -l <"$CSV")
    run "$OSSLBENCH" report "$T/cut.csv" --out "$T/out"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "osslbench report: warning: $T/cut.csv: line $last is cut short"* ]]
    [ -s "$T/out/speedup.txt" ]
    run "$OSSLBENCH" regress "$T/cut.csv" --old-label base --new-label new --quiet
    [ "$status" -le 1 ]
    [[ $output == "osslbench regress: warning: $T/cut.csv: line $last is cut short"* ]]
}

@test "make plots of a run whose CSV was cut mid-row shows report's warning" {
    mkdir "$T/cutrun"
    head -c -7 "$CSV" >"$T/cutrun/results.csv"
    run make -C "$ROOT" -s plots RESULTS="$T/cutrun"
    [ "$status" -eq 0 ]
    [[ $output == *"osslbench report: warning: $T/cutrun/results.csv: line "*" is cut short"* ]]
}

@test "a malformed row in the middle still refuses the file: one line, exit 2" {
    { head -n 2 "$CSV"; head -n 3 "$CSV" | tail -n 1 | head -c 40; echo; tail -n +4 "$CSV"; } >"$T/mid.csv"
    run "$OSSLBENCH" report "$T/mid.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "osslbench report: $T/mid.csv: line 3: "* ]]
}

@test "a UTF-8 byte order mark (a spreadsheet's export) is skipped" {
    run "$OSSLBENCH" report "$CSV"
    local want=$output
    { printf '\xEF\xBB\xBF'; cat "$CSV"; } >"$T/bom.csv"
    run "$OSSLBENCH" report "$T/bom.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "a label that is not a --lib label is refused by report and compare, not echoed" {
    with_field label 1 '<img src=x onerror=alert(1)>' >"$T/bad.csv"
    run "$OSSLBENCH" report "$T/bad.csv" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"$T/bad.csv: line 2: bad label (labels are 1 to 63 letters, digits and . _ + -)" ]]
    [[ $output != *"<img"* ]]
    [ ! -e "$T/out" ]
    run "$OSSLBENCH" regress "$T/bad.csv" --old-label base --new-label new
    [ "$status" -eq 2 ]
    [[ $output == *"$T/bad.csv: line 2: bad label"* ]]
}

@test "bytes written as 016 (read as 14 by base-0 parsing) is refused" {
    with_field bytes 1 016 >"$T/oct.csv"
    run "$OSSLBENCH" report "$T/oct.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"line 2: bad bytes (a decimal whole number: no sign, no leading zero)" ]]
}

@test "a rate of -0, ci_low above ci_high, a zero sample: one line each, exit 2" {
    with_field rate 1 -0 >"$T/a.csv"
    with_field ci_low 1 9e17 >"$T/b.csv" # above ci_high, inside the range of a rate (record/row.h)
    with_field sample_rates 1 '1e6 0 2e6' >"$T/c.csv"
    run "$OSSLBENCH" report "$T/a.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"line 2: bad rate"* ]]
    run "$OSSLBENCH" report "$T/b.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"line 2: ci_low is above ci_high" ]]
    run "$OSSLBENCH" report "$T/c.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"line 2: bad sample_rates"* ]]
}

@test "one point in B/s on one side and op/s on the other: compare refuses, exit 2" {
    local c
    c=$(csv_col "$CSV" unit)
    awk -F, -v OFS=, -v c="$c" 'NR > 1 { $c = "op/s" } { print }' "$CSV" >"$T/ops.csv"
    run "$OSSLBENCH" regress "$CSV" "$T/ops.csv" --old-label base --new-label new
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"is in B/s on one side and op/s on the other"* ]]
    with_field unit 1 op/s >"$T/mixed.csv"
    run "$OSSLBENCH" report "$T/mixed.csv"
    [ "$status" -eq 2 ]
    [[ $output == *"unit "*", but line "*" for the same point"* ]]
}

@test "a results CSV from before the providers and propquery columns still reads, the same" {
    run "$OSSLBENCH" report "$CSV"
    [ "$status" -eq 0 ]
    local want=$output
    awk -F, -v OFS=, -v p="$(csv_col "$CSV" providers)" -v q="$(csv_col "$CSV" propquery)" '{
        out = ""; for (i = 1; i <= NF; i++) if (i != p && i != q) out = out (out == "" ? "" : OFS) $i
        print out }' "$CSV" >"$T/old.csv"
    run head -1 "$T/old.csv"
    [[ $output != *providers* ]]
    run "$OSSLBENCH" report "$T/old.csv"
    [ "$status" -eq 0 ]
    [ "$output" = "$want" ]
}

@test "an evp:NAME workload is read, and reaches file names without its ':'" {
    awk -F, -v OFS=, -v c="$(csv_col "$CSV" workload)" 'NR > 1 { $c = "evp:sm4-cbc" } { print }' \
        "$CSV" >"$T/evp.csv"
    run "$OSSLBENCH" report "$T/evp.csv" --out "$T/out"
    [ "$status" -eq 0 ]
    grep -q 'evp:sm4-cbc' "$T/out/speedup.md"
    run find "$T/out" -name '*:*'
    [ -z "$output" ]
    run find "$T/out" -name '*evp_sm4-cbc*'
    [ -n "$output" ]
}

@test "a workload with two ':', or one at an end: one line, exit 2" {
    for bad in 'a:b:c' ':sm4' 'evp:'; do
        with_field workload 1 "$bad" >"$T/bad.csv"
        run "$OSSLBENCH" report "$T/bad.csv"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ $output == *"line 2: bad workload"* ]]
    done
}

@test "osslbench columns: named columns of any CSV osslbench wrote, TAB-separated, guards dropped" {
    run "$OSSLBENCH" columns "$CSV" status label bytes
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq "$(($(wc -l <"$CSV") - 1))" ]
    [[ ${lines[0]} =~ ^ok$'\t'[a-z]+$'\t'(16|1024)$ ]]
    # a derived CSV: quoted cells, a formula guard, a TAB inside a value
    printf 'label,note,ratio\n"'"'"'=HYPERLINK(""x"")","a\tb, c",1.5\nplain,,2\n' >"$T/d.csv"
    run "$OSSLBENCH" columns "$T/d.csv" ratio label note
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = $'1.5\t=HYPERLINK("x")\ta b, c' ]
    [ "${lines[1]}" = $'2\tplain\t' ]
    run bash -c '"$1" columns - ratio <"$2"' _ "$OSSLBENCH" "$T/d.csv"
    [ "$output" = $'1.5\n2' ]
}

@test "osslbench columns: a missing column, file or value is one line and exit 2" {
    run "$OSSLBENCH" columns "$CSV" label nosuch
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench columns: $CSV has no column 'nosuch'" ]
    run "$OSSLBENCH" columns "$T/none.csv" label
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    : >"$T/empty.csv"
    run "$OSSLBENCH" columns "$T/empty.csv" label
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench columns: $T/empty.csv: empty file" ]
    printf 'a,b\n"x,1\n' >"$T/bad.csv"
    run "$OSSLBENCH" columns "$T/bad.csv" a
    [ "$status" -eq 2 ]
    [[ $output == *"not a CSV osslbench wrote (unterminated quoted field)"* ]]
    run "$OSSLBENCH" columns "$CSV"
    [ "$status" -eq 2 ]
}
