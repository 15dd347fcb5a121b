#!/usr/bin/env bats
# How analysis/, history/ and compat/ are laid out and the tables
# analysis/'s outputs come from: no two files of such a folder call each
# other (helpers at the bottom, the drivers at the top); the chart kinds of
# analysis/charts.def are what `list --charts` says, what osslbench draw
# accepts and one plots/KIND.gp each; the derived CSVs' columns are their
# .def tables', as docs/results-csv.md says.

load helpers

setup_file() {
    make -C "$ROOT" -s all >/dev/null
}

# The objects of a folder's sources (not stale ones of removed files).
folder_objects() {
    local c
    for c in "$ROOT/$1"/*.c; do
        c=${c#"$ROOT"/}
        echo "$ROOT/build/obj/${c%.c}.o"
    done
}

@test "analysis/, history/, compat/: no cycle among a folder's files' calls (tests/object-cycles.sh over nm)" {
    local folder
    for folder in analysis history compat; do
        mapfile -t objs < <(folder_objects "$folder")
        run "$ROOT/tests/object-cycles.sh" "${objs[@]}"
        echo "$folder: $output"
        [ "$status" -eq 0 ]
        [ "$output" = "no cycle among ${#objs[@]} objects" ]
    done
}

@test "the folders are layers: none calls one that calls it back, and nothing below cli/ includes cli/'s headers" {
    local d=$BATS_TEST_TMPDIR/folders folder objs
    mkdir -p "$d"
    # one object per folder (harness/workloads/ is part of harness/)
    for folder in util compat harness data stats record csv analysis history options knobs charts \
        explain runner bench cli; do
        mapfile -t objs < <(folder_objects "$folder")
        [ "$folder" != harness ] || mapfile -t -O "${#objs[@]}" objs < <(folder_objects harness/workloads)
        ld -r -o "$d/$folder.o" "${objs[@]}"
    done
    run "$ROOT/tests/object-cycles.sh" "$d"/*.o
    echo "$output"
    [ "$status" -eq 0 ]
    run grep -lE '#include +"(\.\./)*cli/' "$ROOT"/{util,compat,harness,harness/workloads,stats,record,csv,analysis,history,options,knobs,charts,explain,runner,bench}/*.[ch]
    [ "$output" = "" ]
}

@test "object-cycles.sh: two files that call each other, or three in a circle, are a cycle" {
    local d=$BATS_TEST_TMPDIR
    printf 'int b(void);\nint a(void) { return b(); }\n' >"$d/one.c"
    printf 'int a(void);\nint b(void) { return a(); }\n' >"$d/two.c"
    printf 'int c(void);\nint b(void) { return c(); }\n' >"$d/mid.c"
    printf 'int a(void);\nint c(void) { return a(); }\n' >"$d/end.c"
    for f in one two mid end; do cc -c -o "$d/$f.o" "$d/$f.c"; done
    run "$ROOT/tests/object-cycles.sh" "$d/one.o" "$d/two.o"
    [ "$status" -eq 1 ]
    [[ ${lines[0]} == "cycle: one uses two (b) and two uses one (a)" ]]
    run "$ROOT/tests/object-cycles.sh" "$d/one.o" "$d/mid.o" "$d/end.o"
    [ "$status" -eq 1 ]
    [[ $output == "cycle through: "* ]]
    [[ $output == *one* ]]
    [[ $output == *mid* ]]
    [[ $output == *end* ]]
    run "$ROOT/tests/object-cycles.sh" "$d/one.o" "$d/mid.o"
    [ "$status" -eq 0 ]
}

# The names of charts.def, in table order.
chart_def_names() {
    sed -n 's/^CHART([A-Z_]*, "\([^"]*\)".*/\1/p' "$ROOT/analysis/charts.def"
}

@test "list --charts --tsv is charts.def, and every kind has its plots/KIND.gp" {
    run chart_def_names
    [ "${#lines[@]}" -ge 7 ]
    local want=$output
    run "$OSSLBENCH" list --charts --tsv
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = $'chart\tprefix\tfields\tdoc' ]
    [ "$(tail -n +2 <<<"$output" | cut -f1)" = "$want" ]
    while read -r kind; do
        [ -f "$ROOT/plots/$kind.gp" ] || { echo "no plots/$kind.gp for chart kind $kind"; false; }
    done <<<"$want"
    run "$OSSLBENCH" list --charts
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "  throughput  rate vs block size"* ]]
}

@test "osslbench draw --list refuses a chart kind, name or series list not in the table, before any gnuplot" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/charts
    mkdir -p "$d"
    printf 'bogus\tx\t0\ttitle\t\n' >"$d/charts.list"
    run "$OSSLBENCH" draw --list "$d"
    [ "$status" -eq 1 ]
    [ "$output" = "plots: error: charts.list: unknown chart kind 'bogus'" ]
    printf 'throughput\t../x\t0\ttitle\t16\n' >"$d/charts.list"
    run "$OSSLBENCH" draw --list "$d"
    [ "$status" -eq 1 ]
    [ "$output" = "plots: error: charts.list: bad chart name '../x'" ]
    printf 'throughput\tx\t0;system\ttitle\t16\n' >"$d/charts.list"
    run "$OSSLBENCH" draw --list "$d"
    [ "$status" -eq 1 ]
    [ "$output" = "plots: error: charts.list: bad series list for x" ]
    run "$OSSLBENCH" draw --list "$d/none"
    [ "$status" -eq 1 ]
    [ "$output" = "plots: error: $d/none has no charts.list" ]
    run find "$d" -name '*.log'
    [ "$output" = "" ]
}

# def_columns FILE COL: the names in column COL (2 or 3) of a *_COL table,
# "-" for NULL, one per line.
def_columns() {
    sed -n 's/^[A-Z]*_COL(\(.*\))$/\1/p' "$ROOT/analysis/$1" |
        awk -F', *' -v c="$2" '{ v = $c; gsub(/"/, "", v); print v == "NULL" ? "-" : v }'
}

# doc_columns HEADING COL: column COL of the table under "## HEADING" in
# docs/results-csv.md, names without backquotes, "-" for "—".
doc_columns() {
    awk -F' *\\| *' -v h="## $1" -v c="$2" '
        $0 == h { on = 1; next }
        on && /^## / { exit }
        on && /^\| `/ { v = $(c + 1); gsub(/`/, "", v); print v == "—" ? "-" : v }' \
        "$ROOT/docs/results-csv.md"
}

# header_of FILE: its header line, one name per line
header_of() { head -n 1 "$1" | tr ',' '\n'; }

@test "speedup.csv, scaling.csv, hosts.csv: header = the .def table = docs/results-csv.md" {
    local d=$BATS_TEST_TMPDIR
    run "$OSSLBENCH" run --lib "a=$SYSTEM_LIBCRYPTO" --lib "b=$SYSTEM_LIBCRYPTO" --workloads sha256 \
        --sizes 16 --api evp --threads 1,2 --quick --quiet --csv "$d/r.csv"
    [ "$status" -eq 0 ]
    mkdir "$d/one" "$d/hosts"
    run "$OSSLBENCH" report --out "$d/one" "$d/r.csv"
    [ "$status" -eq 0 ]
    run "$OSSLBENCH" report --out "$d/hosts" "h1=$d/r.csv" "h2=$d/r.csv"
    [ "$status" -eq 0 ]

    [ "$(def_columns ratio_columns.def 2)" = "$(doc_columns 'speedup.csv and scaling.csv' 1)" ]
    [ "$(def_columns ratio_columns.def 3)" = "$(doc_columns 'speedup.csv and scaling.csv' 2)" ]
    [ "$(def_columns hosts_columns.def 2)" = "$(doc_columns hosts.csv 1)" ]
    [ "$(def_columns ratio_columns.def 2 | grep -vx -- -)" = "$(header_of "$d/one/speedup.csv")" ]
    [ "$(def_columns ratio_columns.def 3 | grep -vx -- -)" = "$(header_of "$d/one/scaling.csv")" ]
    [ "$(def_columns hosts_columns.def 2)" = "$(header_of "$d/hosts/hosts.csv")" ]
    # and every line has as many cells as its header
    run awk -F, 'FNR == 1 { n = NF; next } NF != n { print FILENAME ": line " FNR }' \
        "$d/one/speedup.csv" "$d/one/scaling.csv" "$d/hosts/hosts.csv"
    [ "$output" = "" ]
    # every kind the two reports wrote is in the table
    run awk -F'\t' '{ print $1 }' "$d/one/charts.list" "$d/hosts/charts.list"
    [ "${#lines[@]}" -gt 0 ]
    [ "$(comm -23 <(sort -u <<<"$output") <(chart_def_names | sort))" = "" ]
}
