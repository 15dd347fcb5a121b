#!/usr/bin/env bats
# shellcheck disable=SC2016 # the $(...) and `...` in single quotes are injection attempts, on purpose
# Text read from a results CSV, a charts.list or metadata.txt (labels,
# versions, host names) is data: `make report`, `make plots` and `compare`
# run none of it, and each output gets it escaped for its own context
# (HTML, Markdown, spreadsheet CSV).  The CSVs are written here, not
# measured.  Labels the reader refuses are fine too: these tests check what
# reaches the outputs, never that a hostile label is accepted.
# Needs: gnuplot (gnuplot-nox).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    unset RESULTS BASELINE REFERENCE
}

# One CSV field, quoted (RFC 4180).
q() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }

# craft DIR OLD_LABEL NEW_LABEL [OLD_VERSION NEW_VERSION]: a two-release
# results.csv, sha256 at 16 and 1024 bytes, 8 samples each, NEW 10% faster.
craft() {
    local d=$1 v1=${4:-3.0.19} v2=${5:-3.0.20}
    mkdir -p "$d"
    {
        echo 'label,version,version_num,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,sample_rates'
        echo "$(q "$2"),$(q "$v1"),0x30000130,evp,sha256,digest,16,100,B/s,99,101,8,ok,98.5 99 99.5 100 100.5 101 101.5 100.25"
        echo "$(q "$2"),$(q "$v1"),0x30000130,evp,sha256,digest,1024,200,B/s,199,201,8,ok,198.5 199 199.5 200 200.5 201 201.5 200.25"
        echo "$(q "$3"),$(q "$v2"),0x30000140,evp,sha256,digest,16,110,B/s,109,111,8,ok,108.5 109 109.5 110 110.5 111 111.5 110.25"
        echo "$(q "$3"),$(q "$v2"),0x30000140,evp,sha256,digest,1024,220,B/s,219,221,8,ok,218.5 219 219.5 220 220.5 221 221.5 220.25"
    } >"$d/results.csv"
}

# Every way the harness turns a results folder into outputs.
outputs() { # DIR OLD NEW
    make -s -C "$ROOT" report RESULTS="$1" >"$1/report.log" 2>&1 || true
    make -s -C "$ROOT" plots RESULTS="$1" >"$1/plots.log" 2>&1 || true
    "$OSSLBENCH" regress "$1/results.csv" --old-label "$2" --new-label "$3" --format csv >"$1/cmp.csv" 2>"$1/cmp.log" || true
    "$OSSLBENCH" regress "$1/results.csv" --old-label "$2" --new-label "$3" --format md >"$1/cmp.md" 2>"$1/cmp-md.log" || true
}

@test "hostile: a label that is sed, shell or gnuplot code runs nothing in make report, make plots, compare" {
    local t=$BATS_TEST_TMPDIR n=0 p
    for p in "x; touch $t/pw1|e;#" "\$(touch $t/pw2)\`touch $t/pw3\`" "\"; system(\"touch $t/pw4\"); \"" \
        "x\" . system(\"touch $t/pw5\") . \"" "@x \`touch $t/pw6\`"; do
        n=$((n + 1))
        craft "$t/e$n" "$p" "${p}2"
        outputs "$t/e$n" "$p" "${p}2"
    done
    run ls "$t"
    [ "$status" -eq 0 ]
    [[ $output != *pw* ]]
}

@test "hostile: a chart title in charts.list that is sed code runs nothing and reaches report.html escaped" {
    local d=$BATS_TEST_TMPDIR/run
    craft "$d" old new
    mkdir -p "$d/plots"
    printf 'speedup\tspeedup-x\t0\tx; touch %s/pw|e;# <b>bold</b>\tblock size\n' "$BATS_TEST_TMPDIR" >"$d/plots/charts.list"
    printf '<svg xmlns="http://www.w3.org/2000/svg">\n<title>Gnuplot</title>\n</svg>\n' >"$d/plots/speedup-x.svg"
    run "$ROOT/plots/html.sh" "$d"
    [ "$status" -eq 0 ]
    [ ! -e "$BATS_TEST_TMPDIR/pw" ]
    run grep -c 'alt="x; touch [^"<]*pw|e;# &lt;b&gt;bold&lt;/b&gt;"' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '<b>bold' "$d/report.html"
    [ "$output" -eq 0 ]
}

@test "hostile: HTML in a label never reaches report.html, speedup.md or regress --format md raw" {
    local d=$BATS_TEST_TMPDIR/h l='<img src=x onerror=alert(1)>'
    craft "$d" "$l" "${l}2"
    outputs "$d" "$l" "${l}2"
    run grep -rlF --include='*.html' --include='*.md' '<img src=' "$d"
    [ "$output" = "" ]
}

@test "hostile: HTML in metadata.txt reaches report.html escaped; HTML in a version is refused by the reader" {
    local d=$BATS_TEST_TMPDIR/m
    craft "$d" old new
    printf 'host: <img src=x onerror=alert(3)>\ncommand: a & b\n' >"$d/metadata.txt"
    run make -s -C "$ROOT" report RESULTS="$d"
    [ "$status" -eq 0 ]
    run grep -c '<img src=' "$d/report.html"
    [ "$output" -eq 0 ]
    run grep -c '<td>&lt;img src=x onerror=alert(3)&gt;</td>' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '<td>a &amp; b</td>' "$d/report.html"
    [ "$output" -eq 1 ]
    local v=$BATS_TEST_TMPDIR/mv
    craft "$v" old new '<img src=x onerror=1>' '=HYPERLINK("http://v")'
    run make -s -C "$ROOT" report RESULTS="$v"
    [ "$status" -ne 0 ]
    [[ $output == *"results.csv: line 2: bad version"* ]]
    [ ! -e "$v/report.html" ]
}

@test "hostile: a spreadsheet formula in a version is refused before any CSV is written" {
    local d=$BATS_TEST_TMPDIR/v
    craft "$d" old new '@SUM(1+1)*cmd' '=HYPERLINK("http://v")'
    run make -s -C "$ROOT" plots RESULTS="$d"
    [ "$status" -ne 0 ]
    [[ $output == *"results.csv: line 2: bad version"* ]]
    run find "$d" -name speedup.csv
    [ "$output" = "" ]
}

@test "hostile: a spreadsheet formula in a label never starts a cell of speedup.csv or regress --format csv" {
    local d=$BATS_TEST_TMPDIR/f l='=HYPERLINK("http://x")'
    craft "$d" "$l" "+${l}"
    outputs "$d" "$l" "+${l}"
    run grep -rlE --include='*.csv' --exclude=results.csv '(^|,)"?[=+@]' "$d"
    [ "$output" = "" ]
}

@test "hostile: control characters in a name reach no error line raw (report, compare, columns, run)" {
    local evil f
    evil=$(printf 'bad\033]0;PWNED\007\033[2J\302\233\342\200\256x')
    f=$BATS_TEST_TMPDIR/$evil.csv
    local -a cmds=("report --out $BATS_TEST_TMPDIR/r" "compare" "columns" "run --lib")
    local cmd
    for cmd in "${cmds[@]}"; do
        # shellcheck disable=SC2086 # cmd is the command and its words
        run "$OSSLBENCH" $cmd "$f" "$f"
        echo "$cmd: $output"
        [ "$status" -ne 0 ]
        [ "$(LC_ALL=C grep -c $'\033\|\007\|\302\233\|\342\200\256' <<<"$output")" -eq 0 ]
        [[ $output == *'\x1b]0;PWNED\x07'* ]]
    done
}
