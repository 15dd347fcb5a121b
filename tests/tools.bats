#!/usr/bin/env bats
# tools/: the osslbench <-> `openssl speed` map (tools/speed-map.tsv), its
# rendering in docs/speed-map.md, the speed lists and README's coverage table derived
# from harness/workloads/speed_names.def, the cross-check report's arithmetic, the cross-check's
# refusal of bad input, and the tightloop developer tool.  The cross-check
# itself runs against real APPS=1 builds in tests/builds.bats.

load helpers

setup_file() {
    make -C "$ROOT" -s all tightloop >/dev/null
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

MAP="$ROOT/tools/speed-map.tsv"
REPORT="$ROOT/tools/speed-crosscheck-report.sh"
XCHECK="$ROOT/tools/speed-crosscheck.sh"

@test "speed map: header, 7 columns, known match kinds, a speed invocation exactly when one exists" {
    run awk -F'\t' '!/^#/ && NF {
        if (!hdr++) { if ($0 != "workload\tpath\tfrom\tbelow\tspeed\tmatch\tnote") { print "bad header"; bad = 1 } next }
        if (NF != 7) { print "columns: " $0; bad = 1 }
        if ($6 !~ /^(same|near|differs|none)$/) { print "match: " $0; bad = 1 }
        if (($5 == "-") != ($6 == "none")) { print "speed vs match: " $0; bad = 1 }
        if ($3 !~ /^[0-9]+\.[0-9]+(\.[0-9]+)?$/ || $4 !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/) { print "range: " $0; bad = 1 }
        if ($7 == "") { print "no note: " $0; bad = 1 }
        n++
    } END { if (n < 10) print "only " n " lines"; exit bad || n < 10 }' "$MAP"
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "speed map: every workload and path is a pair bin/osslbench list --workloads --tsv has" {
    "$OSSLBENCH" list --workloads --tsv >"$TMP/workloads.tsv"
    # columns by header name; every map line's (workload, path) must be listed
    run awk -F'\t' 'NR == FNR { if (FNR == 1) { for (i = 1; i <= NF; i++) c[$i] = i; next }
            n = split($c["apis"], p, ","); for (i = 1; i <= n; i++) has[$c["workload"] " " p[i]] = 1; next }
        /^#/ || !NF { next }
        !hdr++ { next }
        !(($1 " " $2) in has) { print "not listed: " $1 " " $2; bad = 1 }
        END { exit bad }' "$TMP/workloads.tsv" "$MAP"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "docs/speed-map.md shows the speed map exactly as the TSV renders it" {
    run "$REPORT" --map
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -ge 12 ]
    local rendered=$output
    run awk '/<!-- speed-map:begin -->/ { on = 1; next } /<!-- speed-map:end -->/ { on = 0 } on' "$ROOT/docs/speed-map.md"
    [ "$output" = "$rendered" ] || { diff <(echo "$rendered") <(echo "$output"); false; }
}

COVERAGE="$ROOT/tools/speed-coverage.sh"

@test "README's speed coverage table is exactly what tools/speed-coverage.sh renders from the registry" {
    run "$COVERAGE"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 8 ]
    [[ ${lines[2]} == "| 0.9.8 | "* ]]
    local rendered=$output
    run awk '/<!-- speed-coverage:begin -->/ { on = 1; next } /<!-- speed-coverage:end -->/ { on = 0 } on' "$ROOT/README.md"
    [ "$output" = "$rendered" ] || { diff <(echo "$rendered") <(echo "$output"); false; }
}

@test "speed coverage: every symmetric name of every release's speed list is measured" {
    run "$COVERAGE"
    [ "$status" -eq 0 ]
    run awk -F' [|] ' 'NR > 2 { split($2, m, " of "); if (m[1] != m[2]) print $1 ": " $2 }' <<<"$output"
    [ -z "$output" ]
}

@test "speed lists: list --speed-lists is speed_names.def's releases, one row a name a release" {
    # every release cell of list --speed-names (not "-") is a row of list --speed-lists, and the
    # rows beyond those are the names --workloads does not take (0.9.8's and 1.0.2's switches)
    "$OSSLBENCH" list --speed-names --tsv >"$TMP/names.tsv"
    "$OSSLBENCH" list --speed-lists --tsv >"$TMP/lists.tsv"
    [ "$(head -n1 "$TMP/lists.tsv")" = $'release\tlist\tname' ]
    run awk -F'\t' 'NR == FNR { if (FNR == 1) { for (i = 5; i <= NF; i++) rel[i] = $i; next }
            for (i = 5; i <= NF; i++) if ($i != "-") want[rel[i] "\t" $1] = 1; next }
        FNR == 1 { next }
        { k = $1 "\t" $3; if (k in seen) print "twice: " k; seen[k] = 1
          if (k in want) delete want[k]; else if ($2 == "switch") switches++; else print "not in --speed-names: " k }
        END { for (k in want) print "not in --speed-lists: " k; print switches " switches, " FNR - 1 " rows" }' \
        "$TMP/names.tsv" "$TMP/lists.tsv"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "4 switches, 668 rows" ]
    # each release's names in strcmp order
    run awk -F'\t' 'NR > 1 && $1 == r && $3 < n { print "order: " $0 } { r = $1; n = $3 }' "$TMP/lists.tsv"
    [ -z "$output" ]
}

@test "speed coverage: a listed name is data: a '|' in it cannot open a column" {
    # a stand-in binary: the real listings plus a 3.0 name with a '|'
    printf '#!/usr/bin/env bash\n"%s" "$@" || exit\n[[ $* != *--speed-lists* ]] || printf %q\n' \
        "$OSSLBENCH" '3.0\tsymmetric\tx|y\n' >"$TMP/bench"
    chmod +x "$TMP/bench"
    OSSLBENCH="$TMP/bench" run "$COVERAGE"
    [ "$status" -eq 0 ]
    [[ $output == *'x\|y: not a workload'* ]]
}

@test "speed map: a speed name of the map is one speed_names.def gives the workload on those releases" {
    # the real map passes this check: the cross-check goes on to the library
    mkdir -p "$TMP/inst/lib"
    cp -L "$SYSTEM_LIBCRYPTO" "$TMP/inst/lib/"
    run "$XCHECK" "$TMP/inst"
    [ "$status" -eq 2 ]
    [[ $output == *"no bin/openssl (build it with APPS=1)"* ]]
    local hdr
    hdr=$(grep -v '^#' "$MAP" | head -n1)
    # cast-cbc stands for cast5-cbc, not bf-cbc; 3.0's speed has no kmac128; -evp's word is not a speed name
    printf '%s\nbf-cbc\tlegacy\t0.9.8\t3.0\tcast-cbc\tnear\tx\n' "$hdr" >"$TMP/map.tsv"
    run "$XCHECK" --map "$TMP/map.tsv" "$TMP/inst"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"speed cast-cbc for bf-cbc on 0.9.8: not that release's speed name for that workload"* ]]
    printf '%s\nkmac128\tfetch\t3.0\t-\tkmac128\tsame\tx\n' "$hdr" >"$TMP/map.tsv"
    run "$XCHECK" --map "$TMP/map.tsv" "$TMP/inst"
    [ "$status" -eq 2 ]
    [[ $output == *"speed kmac128 for kmac128 on 3.0: not"* ]]
    printf '%s\nbf-cbc\tevp\t0.9.8\t3.0\t-evp no-such\tsame\tx\n' "$hdr" >"$TMP/map.tsv"
    run "$XCHECK" --map "$TMP/map.tsv" "$TMP/inst"
    [ "$status" -eq 2 ]
    [[ $output == *"no bin/openssl"* ]]
}

# raw_row ROUND LABEL PATH SPEED_RATE OSSLBENCH_RATE [SPEED_ARGS] [MATCH]
raw_row() {
    printf '%s\t%s\t%s\tsha256\t%s\t16\t%s\t%s\t%s\t%s\tcpu\n' "$1" "$2" "$2" "$3" "${6:--evp sha256}" "${7:-same}" "$4" "$5"
}

@test "report: medians, ranges and spreads of three rounds; pair ratio from the best-matching paths" {
    {
        printf 'round\tlabel\tversion\tworkload\tpath\tbytes\tspeed\tmatch\tspeed_rate\tosslbench_rate\tclock\n'
        raw_row 1 old evp 100 110
        raw_row 1 old legacy 100 50 "-evp sha256" near
        raw_row 1 new fetch 50 44
        raw_row 2 old evp 200 180
        raw_row 2 old legacy 200 50 "-evp sha256" near
        raw_row 2 new fetch 100 100
        raw_row 3 old evp 100 100
        raw_row 3 old legacy 100 50 "-evp sha256" near
        raw_row 3 new fetch 80 NA
    } >"$TMP/raw.tsv"
    run "$REPORT" --pair old:new "$TMP/raw.tsv"
    echo "$output"
    [ "$status" -eq 0 ]
    # old/evp: ratios 1.1, 0.9, 1.0 -> median 1.000 [0.900-1.100]; speed rates 100 200 100: spread (200-100)/100
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output == *'| old | sha256 | 16 | `evp` | `speed -evp sha256` | same | 0 | 1.000 [0.900-1.100] | 100.0% | 72.7% | 3 |'* ]]
    # new/fetch: the NA round is left out (2 rounds: 0.88 and 1.0)
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output == *'| new | sha256 | 16 | `fetch` | `speed -evp sha256` | same | 0 | 0.940 [0.880-1.000] | 66.7% | 77.8% | 2 |'* ]]
    # pair: old uses evp (same beats near); rounds 1-2 only: speed 0.5, 0.5; osslbench 0.4, 0.5556
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output == *'| new vs old | `speed -evp sha256` | 16 | `evp` -> `fetch` | 2 | 0.500 [0.500-0.500] | - | 0.0% | 0.478 [0.400-0.556] | 32.6% | 0.956 |'* ]]
    # the compact layout: a column per block size
    run "$REPORT" --compact "$TMP/raw.tsv"
    [ "$status" -eq 0 ]
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output == *'| library | workload | osslbench path | `openssl speed` | match | 16 B |'* ]]
    # shellcheck disable=SC2016
    [[ $output == *'| old | sha256 | `evp` | `speed -evp sha256` | same | 1.000 [0.900-1.100], 100.0% |'* ]]
}

@test "report: the 95% CI of speed's median pair ratio over 9 rounds is order statistics 2 and 8" {
    local r
    {
        printf 'round\tlabel\tversion\tworkload\tpath\tbytes\tspeed\tmatch\tspeed_rate\tosslbench_rate\tclock\n'
        for r in 9 3 7 1 5 2 8 4 6; do
            raw_row "$r" old evp 100 100
            raw_row "$r" new fetch "$((10 * r))" 50
        done
    } >"$TMP/raw.tsv"
    run "$REPORT" --pair old:new "$TMP/raw.tsv"
    echo "$output"
    [ "$status" -eq 0 ]
    # speed ratios 0.1 .. 0.9: median 0.5, CI [0.2-0.8], spread 0.8 / 0.5; osslbench 0.5 every round
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output == *'| new vs old | `speed -evp sha256` | 16 | `evp` -> `fetch` | 9 | 0.500 [0.100-0.900] | [0.200-0.800] | 160.0% | 0.500 [0.500-0.500] | 0.0% | 1.000 |'* ]]
}

@test "report and cross-check: bad input gives one line and exit 2" {
    run "$REPORT" "$TMP/none.tsv"
    [ "$status" -eq 2 ]
    [[ $output == "speed-crosscheck-report: cannot read"* ]]
    echo "a,b" >"$TMP/bad.tsv"
    run "$REPORT" "$TMP/bad.tsv"
    [ "$status" -eq 2 ]
    [[ $output == *"not a speed-crosscheck data file"* ]]
    run "$XCHECK" --rounds 0 "$TMP"
    [ "$status" -eq 2 ]
    [[ $output == *"--rounds must be a positive integer"* ]]
    run "$XCHECK" --bogus
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--bogus'"* ]]
    run "$XCHECK" "$TMP"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"no lib/libcrypto.so.* (not a builds/ install?)"* ]]
    mkdir -p "$TMP/inst/lib" "$TMP/inst/bin"
    cp -L "$SYSTEM_LIBCRYPTO" "$TMP/inst/lib/"
    run "$XCHECK" "$TMP/inst"
    [ "$status" -eq 2 ]
    [[ $output == *"no bin/openssl (build it with APPS=1)"* ]]
    # a map line naming a path the workload does not have, before any library is looked at
    { head -n1 <(grep -v '^#' "$MAP"); printf 'sha256\tno-such-path\t3.0\t-\t-evp sha256\tsame\tx\n'; } >"$TMP/map.tsv"
    run "$XCHECK" --map "$TMP/map.tsv" "$TMP/inst"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"names sha256/no-such-path, which bin/osslbench list --workloads --tsv does not list"* ]]
}

@test "tightloop: lists its modes, times one against the system library, refuses unknown modes" {
    local tl="$ROOT/build/tools/tightloop"
    run "$tl" --list
    [ "$status" -eq 0 ]
    [[ $output == *"sha256-legacy "*"aes-128-gcm-aead3 "* ]]
    run "$tl" --time 0.05 "$SYSTEM_LIBCRYPTO" sha256-fetch 64
    echo "$output"
    [ "$status" -eq 0 ]
    # mode bytes rate ns/op samples
    [[ $output =~ ^sha256-fetch\ 64\ [1-9][0-9]*\ [0-9.]+\ [0-9]+$ ]]
    run "$tl" "$SYSTEM_LIBCRYPTO" no-such-mode 64
    [ "$status" -eq 2 ]
    [[ $output == "tightloop: unknown mode (see --list): no-such-mode" ]]
}

@test "tightloop: osslbench's GCM sequence, the low-level GCM calls, buffers at a chosen page offset" {
    local tl="$ROOT/build/tools/tightloop" m
    for m in aes-128-gcm-evp aes-128-gcm-gcm128 aes-128-cbc-legacy; do
        run "$tl" --time 0.05 --offset 4000 "$SYSTEM_LIBCRYPTO" "$m" 16
        echo "$output"
        [ "$status" -eq 0 ]
        [[ $output =~ ^$m\ 16\ [1-9][0-9]*\ [0-9.]+\ [0-9]+$ ]]
    done
    run "$tl" --offset 4096 "$SYSTEM_LIBCRYPTO" sha256-legacy 16
    [ "$status" -eq 2 ]
    [[ $output == "tightloop: --offset takes 0 .. 4095 bytes, not 4096" ]]
}
