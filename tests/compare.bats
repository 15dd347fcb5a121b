#!/usr/bin/env bats
# `make compare` / `make plots` end to end: the system libcrypto plus a real
# 1.1.1w (Debian bullseye's libssl1.1, or builds/install/1.1.1w), QUICK=1.
# One full run happens in setup_file and most tests inspect it; builds/ is
# pointed at an empty scratch folder so only the libraries given here count.
# Needs: gnuplot (gnuplot-nox), xmllint (libxml2-utils), cc.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    compare_env
    [[ -f $LIB111 ]] || return 0 # every test skips (see need_111)
    local t0=$SECONDS rc=0
    make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 LIBS="$LIB111" RESULTS_ROOT="$RES" \
        >"$BATS_FILE_TMPDIR/main.out" 2>"$BATS_FILE_TMPDIR/main.err" || rc=$?
    echo "$rc" >"$BATS_FILE_TMPDIR/main.rc"
    echo $((SECONDS - t0)) >"$BATS_FILE_TMPDIR/main.seconds"
    export RUN
    RUN=$(readlink -f "$RES/latest" 2>/dev/null || true)
}

setup() {
    need_111
}

# ------------------------------------------------------------ the main run

@test "compare QUICK=1: exits 0 within budget, shows the libraries it found and progress" {
    run cat "$BATS_FILE_TMPDIR/main.rc"
    [ "$output" = 0 ] || { cat "$BATS_FILE_TMPDIR/main.err"; false; }
    err=$(cat "$BATS_FILE_TMPDIR/main.err")
    [[ $err == *"compare: 2 libraries:"* ]]
    [[ $err == *"system-3.0."*"$SYSTEM_LIBCRYPTO"* ]]
    [[ $err == *"1.1.1w"*"$LIB111"* ]]
    [[ $err =~ visit\ [0-9]+\ of\ (at\ least\ )?[0-9]+\ .*points\ within.*elapsed.*eta ]] # the runner's progress lines
    [ "$(cat "$BATS_FILE_TMPDIR/main.seconds")" -lt 150 ]
    [[ $(cat "$BATS_FILE_TMPDIR/main.out") == *"Speed-up vs 1.1.1w"* ]]
}

@test "a plan line before anything runs (points, libraries, time); the last line names files to open, the page first, which exist" {
    err=$(cat "$BATS_FILE_TMPDIR/main.err")
    # the default set's points, as the runner counts them
    points=$("$OSSLBENCH" run --lib /x --quick --plan | awk '$1 == "points" { print $2 }')
    [ "$points" -gt 0 ]
    re="^compare: plan: measure $points points x 2 libraries = $((2 * points)) rows \((under a minute|about [0-9]+ min|[0-9]+-[0-9]+ min)\)"
    [[ ${err%%$'\n'*} =~ $re ]]
    last=$(tail -n 1 <<<"$err")
    [[ $last == "compare: open first: "* ]]
    files=${last#compare: open first: }
    files=${files% (*}
    IFS=, read -r -a open <<<"$files"
    [ "${#open[@]}" -eq 4 ]
    [[ ${open[0]} == */report.html ]]
    [[ ${open[1]} == */plots/speedup.txt && ${open[2]} == */plots/speedup-*.png && ${open[3]} == */plots/apis-*.png ]]
    for f in "${open[@]}"; do f=${f# }; [ -s "$f" ] || [ -s "$ROOT/$f" ]; done
}

@test "results/<timestamp>-<host>/ holds the CSV, metadata, trace; latest points at it" {
    [ -L "$RES/latest" ]
    [ -d "$RUN" ]
    [[ $(basename "$RUN") =~ ^[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9._-]+$ ]]
    [ "$(readlink "$RES/latest")" = "$(basename "$RUN")" ] # relative link
    [ -s "$RUN/results.csv" ]
    [ -s "$RUN/metadata.txt" ]
    [ -s "$RUN/trace.txt" ]
}

@test "CSV schema: header, statuses, units, both releases, every runner row kept" {
    run head -n 1 "$RUN/results.csv"
    [ "$output" = "label,version,version_num,flavor,lib,api,workload,op,bytes,threads,procs,rate,rate_stat,unit,ci_low,ci_high,samples,iterations,status,note,host,cpu,timestamp,cpus,run_id,kind,family,providers,propquery,version_text,ia32cap,disturbed,retaken,sample_blocks,sample_rates" ]
    # no field before `note` can hold a comma here (plain paths), so split naively
    c() { csv_col "$RUN/results.csv" "$1"; }
    run awk -F, -v st="$(c status)" -v un="$(c unit)" -v ra="$(c rate)" -v lo="$(c ci_low)" \
        -v hi="$(c ci_high)" -v vn="$(c version_num)" -v wl="$(c workload)" -v by="$(c bytes)" \
        -v fl="$(c flavor)" -v id="$(c run_id)" 'NR > 1 {
        if ($st !~ /^(ok|unsupported|kat_failed|crashed|timeout|load_failed|error)$/) { print "status " NR; exit 1 }
        if ($un != "B/s" && $un != "op/s") { print "unit " NR; exit 1 }
        if ($st == "ok" && ($ra == "" || $lo == "" || $hi == "")) { print "rate " NR; exit 1 }
        if ($st != "ok" && $ra != "") { print "rate on failure " NR; exit 1 }
        if ($vn !~ /^0x[0-9a-f]+$/) { print "version_num " NR; exit 1 }
        if ($wl ~ /^rsa/ && ($by != 0 || $un != "op/s")) { print "rsa " NR; exit 1 }
        if ($fl != "openssl") { print "flavor " NR; exit 1 }
        ids[$id]++
        seen[$1]++ }
        END { if (length(ids) != 1) { print "run_ids " length(ids); exit 1 }
              if (!("1.1.1w" in seen)) exit 1; for (l in seen) if (l ~ /^system-3\./) s = 1; exit !s }' "$RUN/results.csv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # one row per library x point: 10 workloads; 1.1.1w has no fetch path (unsupported rows)
    run grep -c ',ok,' "$RUN/results.csv"
    [ "$output" -gt 100 ]
    run grep -c '^1\.1\.1w,.*,fetch,.*,unsupported,' "$RUN/results.csv"
    [ "$output" -gt 0 ]
}

@test "metadata: host, CPU, kernel, governor, compiler, version, command line, not interrupted" {
    for key in host cpu_model cpu_flags kernel governor compiler osslbench_version command started finished interrupted; do
        grep -q "^$key: ." "$RUN/metadata.txt" || { echo "missing $key"; false; }
    done
    grep -qx 'interrupted: no' "$RUN/metadata.txt"
    grep -q '^make_command: make compare .*QUICK=1' "$RUN/metadata.txt"
    grep -q "^command: .*osslbench run .*--csv $RUN/results.csv" "$RUN/metadata.txt"
    grep -q "^command: .*osslbench run .*--budget 5.5m" "$RUN/metadata.txt" # no BUDGET=: the default
    grep -q "^library: 1.1.1w LIBS $LIB111\$" "$RUN/metadata.txt"
    grep -qx "baseline: 1.1.1w" "$RUN/metadata.txt" # resolved as the report resolves it
}

@test "interleaving is real: every round of a point samples both libraries, in changing order" {
    # trace line: sample <seq> <lib-index> <label> <workload> <api> <op> <bytes>
    # [disturbed <why>, taken again|kept]; a point's visits come in passes, one
    # point after another, so a point's lines are a run of whole rounds
    # (a point only one library has -- fetch -- is sampled by that one alone)
    run awk 'function check(   i, a, b) {
            if (seq == "" || !index(seq, "0") || !index(seq, "1")) { seq = ""; return }
            if (length(seq) % 2) { print "odd number of samples at " prev; bad = 1 }
            for (i = 1; i < length(seq); i += 2) {
                a = substr(seq, i, 1); b = substr(seq, i + 1, 1)
                if (a == b) { print "library " a " twice in a round of " prev; bad = 1 }
                first[a]++
            }
            both++; seq = ""
        }
        $1 == "sample" {
            if (prev_seq != "" && $2 != prev_seq + 1) { print "seq gap at " $2; bad = 1 }
            prev_seq = $2
            if (/, taken again$/) next # a disturbed try, retaken at once: no sample
            key = $5 " " $6 " " $7 " " $8
            if (key != prev) check()
            prev = key; seq = seq $3
        }
        END { check(); print both " points with both; rounds started by 0/1: " first[0] "/" first[1]
              exit bad || !(both > 0 && first[0] > 0 && first[1] > 0) }' "$RUN/trace.txt"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # and both labels appear in the trace, as the CSV names them
    grep -q ' 1\.1\.1w sha256 evp digest 16$' "$RUN/trace.txt"
    grep -q ' system-3\.0\.[0-9]* sha256 evp digest 16$' "$RUN/trace.txt"
}

@test "speed-up table: terminal, CSV and Markdown ready for release notes" {
    P=$RUN/plots
    grep -q '^Speed-up vs 1.1.1w' "$P/speedup.txt"
    grep -Eq '^  16 B +[0-9]+\.[0-9]{2} \[[0-9.]+,[0-9.]+\]' "$P/speedup.txt"
    head -n 1 "$P/speedup.csv" | grep -qx 'label,version,baseline,workload,api,op,bytes,threads,procs,unit,rate,baseline_rate,ratio,ratio_low,ratio_high,ci_method,disturbed,status'
    # a line's cells by column name (osslbench columns), in the order named here
    "$OSSLBENCH" columns "$P/speedup.csv" label version baseline workload api op bytes threads procs unit rate \
        baseline_rate ratio ratio_low ratio_high ci_method status >"$BATS_TEST_TMPDIR/speedup.tsv"
    grep -Eq $'^system-3\\.0\\.[0-9]+\t3\\.0\\.[0-9]+\t1\\.1\\.1w\tsha256\tevp\tdigest\t16\t1\t1\tB/s(\t[0-9.e+]+){2}(\t[0-9.e+-]+){3}\tpaired\tok$' "$BATS_TEST_TMPDIR/speedup.tsv"
    grep -qx '## Speed-up vs 1.1.1w' "$P/speedup.md"
    grep -Eq '^\| API \| Block size \| system-3\.0\.[0-9]+ \|$' "$P/speedup.md"
    grep -Eq '^\| evp \| 16 B \| [0-9]+\.[0-9]{2}× \([0-9.]+–[0-9.]+\) \|$' "$P/speedup.md"
    grep -Eq '^\| evp \| sign \| [0-9]+\.[0-9]{2}× ' "$P/speedup.md"
}

@test "openssl speed-style tables per release" {
    for t in "$RUN"/plots/speed-1.1.1w.txt "$RUN"/plots/speed-system-3.0.*.txt; do
        grep -q "1000s of bytes per second processed" "$t"
        grep -Eq '^sha256 +[0-9]+\.[0-9]{2}k' "$t"
        grep -Eq '^rsa +sign +verify +sign/s +verify/s$' "$t"
        grep -Eq '^rsa2048 +[0-9.]+s +[0-9.]+s +[0-9.]+ +[0-9.]+$' "$t"
    done
    grep -q 'fetch API' "$RUN"/plots/speed-system-3.0.*.txt
    run grep -c "fetch API" "$RUN/plots/speed-1.1.1w.txt"
    [ "$output" = 0 ]
    # the runner's tables are these, from the one report model: the same digits
    expected=$(for t in "$RUN"/plots/speed-1.1.1w.txt "$RUN"/plots/speed-system-3.0.*.txt; do echo; cat "$t"; done)
    [ "$(cat "$RUN/runner-stdout.txt")" = "$expected" ] || { diff "$RUN/runner-stdout.txt" <(echo "$expected"); false; }
}

@test "every chart is there as valid PNG and SVG, of every kind a one-host run draws" {
    P=$RUN/plots
    n=0
    while IFS=$'\t' read -r kind name _; do
        for f in "$P/$name.png" "$P/$name.svg"; do [ -s "$f" ] || { echo "missing $f"; false; }; done
        [ "$(head -c 8 "$P/$name.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
        xmllint --noout "$P/$name.svg"
        n=$((n + 1))
    done <"$P/charts.list"
    for kind in throughput speedup pubkey apis; do
        grep -q "^$kind"$'\t' "$P/charts.list" || { echo "no $kind chart"; false; }
    done
    # one throughput chart per (B/s workload, API path) that some release measured
    pairs=$(awk -F, -v u="$(csv_col "$RUN/results.csv" unit)" -v s="$(csv_col "$RUN/results.csv" status)" \
        -v w="$(csv_col "$RUN/results.csv" workload)" -v a="$(csv_col "$RUN/results.csv" api)" \
        'NR > 1 && $u == "B/s" && $s == "ok" { print $w, $a }' "$RUN/results.csv" | sort -u | wc -l)
    [ "$pairs" -gt 10 ]
    [ "$(grep -c '^throughput' "$P/charts.list")" -eq "$pairs" ]
    [ -s "$P/speedup-sha256-evp.png" ]
    [ -s "$P/speedup-rsa-evp.svg" ] # op/s charts: one per family
    [ -s "$P/ops-rsa-evp.png" ]
    [ -s "$P/apis-sha256.svg" ]
    [ -s "$P/apis-rsa2048.png" ]
    [ "$n" -gt 30 ]
    [ -z "$(find "$P" -name "gnuplot-*.log")" ] # no gnuplot warnings
}

svg_texts() { xmllint --xpath '//*[local-name()="text"]' "$1" 2>/dev/null | sed 's/<[^>]*>/\n/g' | grep -v '^$'; }

@test "each chart shows the releases it should (and only those)" {
    P=$RUN/plots
    sys=$(awk -F, 'NR > 1 && $1 ~ /^system-/ { print $1; exit }' "$RUN/results.csv")
    # throughput: both releases on evp; only the 3.x system library has fetch
    run svg_texts "$P/throughput-sha256-evp.svg"
    [[ $output == *1.1.1w* && $output == *"$sys"* ]]
    run svg_texts "$P/throughput-sha256-fetch.svg"
    [[ $output == *"$sys"* && $output != *1.1.1w* ]]
    # speed-up: the system library's bars against the 1.1.1w baseline
    run svg_texts "$P/speedup-sha256-evp.svg"
    [[ $output == *"$sys"* && $output == *"vs 1.1.1w"* && $output == *"16 B"* ]]
    run svg_texts "$P/ops-rsa-evp.svg"
    [[ $output == *1.1.1w* && $output == *"$sys"* && $output == *rsa2048* ]]
    # API paths: both releases as groups, the paths in the key
    run svg_texts "$P/apis-sha256.svg"
    [[ $output == *1.1.1w* && $output == *"$sys"* && $output == *legacy* && $output == *fetch* ]]
    # releases in release order in the key: 1.1.1w before 3.x
    run svg_texts "$P/throughput-sha256-evp.svg"
    first=$(grep -nx -e 1.1.1w -e "$sys" <<<"$output" | head -n 1 | cut -d: -f2)
    [ "$first" = 1.1.1w ]
}

@test "make plots RESULTS=<run> redraws into a new folder; nothing earlier changes" {
    before=$(cd "$RUN" && find . -type f -exec sha256sum {} + | sort)
    run make -s -C "$ROOT" plots RESULTS="$RUN" BASELINE="$(awk -F, 'NR > 1 && $1 ~ /^system-/ { print $1; exit }' "$RUN/results.csv")"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"Speed-up vs system-3.0."* ]]
    after=$(cd "$RUN" && find . -type f -path './plots/*' -exec sha256sum {} + | sort)
    [ "$(grep ' ./plots/' <<<"$before")" = "$after" ]
    ls -d "$RUN"/plots-* >/dev/null
}

# ------------------------------------------------------------ failures

@test "a library that crashes, and a file that is not libcrypto, leave the others' rows and charts intact" {
    cc -shared -fPIC -O1 -o "$BATS_TEST_TMPDIR/libcrypto-crash.so" -DFAULT_CRASH "$ROOT/tests/faults/fault_lib.c"
    echo 'not a library' >"$BATS_TEST_TMPDIR/notlib.so"
    run make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 RESULTS_ROOT="$RES" WORKLOADS=sha256 SIZES=16,1024 API=legacy,evp \
        LIBS="$LIB111 crash=$BATS_TEST_TMPDIR/libcrypto-crash.so junk=$BATS_TEST_TMPDIR/notlib.so"
    [ "$status" -ne 0 ] || { echo "$output"; false; } # bench exits 1, make says 2
    [[ $output == *"some points failed"* ]]
    run2=$(readlink -f "$RES/latest")
    [ "$run2" != "$RUN" ]
    csv=$run2/results.csv
    grep -q '^crash,.*,sha256,digest,16,1,1,,vp90,B/s,.*,crashed,' "$csv"
    grep -q '^junk,.*,load_failed,' "$csv"
    [ "$(grep -c '^1\.1\.1w,.*,ok,' "$csv")" -eq 4 ]
    [ "$(grep -c '^system-3\.0\.[0-9]*,.*,ok,' "$csv")" -eq 4 ]
    run cat "$run2/plots/charts.list"
    [[ $output == *throughput-sha256-evp* && $output == *speedup-sha256-evp* ]]
    xmllint --noout "$run2/plots/throughput-sha256-evp.svg"
    run svg_texts "$run2/plots/throughput-sha256-evp.svg"
    [[ $output == *1.1.1w* && $output == *system-3.0.* && $output != *crash* && $output != *junk* ]]
    grep -Eq '^  16 B +crashed ' "$run2/plots/speedup.txt"
    grep -q 'load_failed' "$run2/plots/speedup.txt"
}

@test "make plots on bad input: missing folder, folder without CSV, malformed CSV, unknown baseline" {
    run make -s -C "$ROOT" plots RESULTS="$BATS_TEST_TMPDIR/nope"
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == *"no such run folder"* ]]
    mkdir "$BATS_TEST_TMPDIR/empty"
    run make -s -C "$ROOT" plots RESULTS="$BATS_TEST_TMPDIR/empty"
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == *"has no results.csv"* ]]
    mkdir "$BATS_TEST_TMPDIR/bad"
    head -n 3 "$RUN/results.csv" >"$BATS_TEST_TMPDIR/bad/results.csv"
    # a real row with its block size spelled out in words
    awk -F, -v OFS=, -v b="$(csv_col "$RUN/results.csv" bytes)" 'NR == 2 { $b = "sixteen"; print }' \
        "$RUN/results.csv" >>"$BATS_TEST_TMPDIR/bad/results.csv"
    run make -s -C "$ROOT" plots RESULTS="$BATS_TEST_TMPDIR/bad"
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == *"line 4: bad bytes"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/bad/plots" ] # no half-made output folder left
    run make -s -C "$ROOT" plots RESULTS="$RUN" BASELINE=0.9.8q
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == *"unknown baseline '0.9.8q'"* ]]
}

@test "nothing installed: builds the default set first (through make builds), says which failed, goes on" {
    cat >"$BATS_TEST_TMPDIR/fake-make" <<'EOF'
#!/bin/sh
echo "fake-make $*" >&2
exit 1
EOF
    chmod +x "$BATS_TEST_TMPDIR/fake-make"
    run env MAKE="$BATS_TEST_TMPDIR/fake-make" COMPARE_QUICK=1 COMPARE_WORKLOADS=sha256 COMPARE_SIZES=16 \
        COMPARE_API=evp COMPARE_RESULTS_ROOT="$BATS_TEST_TMPDIR/r" "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"building the default release set first (make builds"* ]]
    # the plan, before the build: which releases, about how long
    defaults=$("$ROOT/builds/list-releases.sh" --default | paste -sd ' ')
    [[ ${lines[0]} == "compare: plan: build $(wc -w <<<"$defaults") releases first ($defaults): "*" min with a cold ccache" ]]
    [[ ${lines[1]} == "compare: plan: measure 1 point x "*" = "*" rows (under a minute), then draw the charts" ]]
    [[ $output == *"fake-make --no-print-directory -C $ROOT builds"* ]]
    [[ $output == *"not available (builds/ could not reach them): 1.1.1w"* ]]
    [[ $output == *"compare: 1 libraries:"* ]]
    [ -s "$BATS_TEST_TMPDIR/r/latest/results.csv" ]
}

@test "two runs started in the same second get two folders" {
    for _ in 1 2; do
        env COMPARE_NO_BUILD=1 COMPARE_QUICK=1 COMPARE_WORKLOADS=sha256 COMPARE_SIZES=16 COMPARE_API=evp \
            COMPARE_RESULTS_ROOT="$BATS_TEST_TMPDIR/r" "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT" >/dev/null 2>&1 &
    done
    wait
    [ "$(find "$BATS_TEST_TMPDIR/r" -mindepth 2 -maxdepth 2 -name results.csv | wc -l)" -eq 2 ]
    [ -L "$BATS_TEST_TMPDIR/r/latest" ]
}

@test "Ctrl-C: the run stops, keeps its rows, says interrupted in the metadata, exits 130" {
    r=$BATS_TEST_TMPDIR/r
    # its own process group, as in a terminal, so Ctrl-C = SIGINT to the group
    setsid env COMPARE_NO_BUILD=1 COMPARE_QUICK=1 COMPARE_LIBS="$LIB111" COMPARE_RESULTS_ROOT="$r" \
        "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT" >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err" &
    pid=$!
    for _ in $(seq 300); do # until the runner has done a few points
        [ "$(grep -c '^visit [0-9]* of ' "$BATS_TEST_TMPDIR/err")" -ge 5 ] && break
        sleep 0.1
    done
    kill -INT -- -"$pid"
    rc=0
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ] || { cat "$BATS_TEST_TMPDIR/err"; false; }
    grep -qx "interrupted: yes" "$r/latest/metadata.txt" || { cat "$r/latest/metadata.txt" "$BATS_TEST_TMPDIR/err"; false; }
    [ "$(wc -l <"$r/latest/results.csv")" -gt 5 ]
    grep -q 'make plots RESULTS=' "$BATS_TEST_TMPDIR/err"
    # the rows kept are whole and can still be drawn
    run "$ROOT/plots/draw.sh" "$r/latest"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "METRIC=instructions: verdicts.md judges each library against the same baseline as the charts (the oldest release)" {
    command -v valgrind >/dev/null || skip "valgrind is not installed (METRIC=instructions counts with it)"
    # the newer library is named first: the baseline is still the oldest release
    run make -s -C "$ROOT" compare METRIC=instructions WORKLOADS=sha256 SIZES=16 API=evp NO_BUILD=1 \
        SYSTEM_LIB=none LIBS="new=$SYSTEM_LIBCRYPTO old=$LIB111" RESULTS_ROOT="$BATS_TEST_TMPDIR/r"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    r=$BATS_TEST_TMPDIR/r/latest
    grep -qx 'baseline: old' "$r/metadata.txt"
    [[ $(head -n 1 "$r/verdicts.md") == "**OLD** old vs **NEW** new:"* ]]
    [[ ${lines[-1]} == *"each release against old in "*"/verdicts.md" ]]
}
