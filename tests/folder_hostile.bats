#!/usr/bin/env bats
# A local run folder given to `report --format html` is read like a fleet
# tarball (issue 42): regular files inside the folder only (a symlink out,
# a FIFO, /dev/zero refused and said so on the page), each with a size cap,
# a chart embedded once however often charts.list lists it, the page's
# charts capped; nothing hangs, no temporary file is left.
# Each test was seen failing on the code before its fix (TESTING.md).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUN=$BATS_FILE_TMPDIR/run
    mkdir -p "$RUN"
    "$OSSLBENCH" run --lib new="$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --api evp --quick -q \
        --csv "$RUN/results.csv" >/dev/null 2>&1 || true
}

setup() {
    # a runner that writes nothing must fail these tests, never skip them
    [[ -s $RUN/results.csv && -s $RUN/metadata.txt ]] || { echo "setup_file's run wrote nothing" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
    R=$T/r
    cp -r "$RUN" "$R"
    mkdir -p "$R/plots"
}

report() { timeout 30 "$OSSLBENCH" report --format html --out "$R" -- "$R"; }

@test "metadata.txt or plots/x.svg a symlink to a file outside the folder: report.html embeds neither, says why" {
    echo "SECRET-$$-MARK" >"$T/secret.txt"
    printf '<svg xmlns="http://www.w3.org/2000/svg"><text>SECRET-%s-MARK</text></svg>\n' $$ >"$T/leak.svg"
    rm "$R/metadata.txt"
    ln -s "$T/secret.txt" "$R/metadata.txt"
    ln -s "$T/leak.svg" "$R/plots/leak.svg"
    printf 'throughput\tleak\t0\tleak\n' >"$R/plots/charts.list"
    run report
    [ "$status" -eq 0 ]
    [ "$(grep -c "SECRET-$$-MARK" "$R/report.html")" -eq 0 ]
    grep -q 'metadata.txt not shown: a symlink' "$R/report.html"
    grep -q 'Chart leak: a symlink' "$R/report.html"
}

@test "plots/x.svg a FIFO, metadata.txt a symlink to /dev/zero: report ends at once, no temporary file left" {
    mkfifo "$R/plots/fifo.svg"
    printf 'throughput\tfifo\t0\tfifo\n' >"$R/plots/charts.list"
    rm "$R/metadata.txt"
    ln -s /dev/zero "$R/metadata.txt"
    run report
    [ "$status" -eq 0 ]
    grep -q 'Chart fifo: not a regular file' "$R/report.html"
    [ -z "$(find "$R" -name '.report.html.*' -o -name '.osslbench-*')" ]
}

@test "one 1 MiB SVG listed 30 times in charts.list: embedded once, the page under 2 MiB" {
    python3 -c 'import sys; open(sys.argv[1],"w").write("<svg xmlns=\"http://www.w3.org/2000/svg\">"+"<!--"+"x"*(1<<20)+"-->"+"</svg>\n")' \
        "$R/plots/big.svg"
    for i in $(seq 30); do printf 'throughput\tbig\t0\tbig %s\n' "$i"; done >"$R/plots/charts.list"
    run report
    [ "$status" -eq 0 ]
    [ "$(stat -c %s "$R/report.html")" -le $((2 << 20)) ]
    [ "$(grep -c 'shown once on this page, above' "$R/report.html")" -eq 29 ]
}

@test "charts over the page's cap are left out, each named on the page" {
    for i in $(seq 6); do
        python3 -c 'import sys; open(sys.argv[1],"w").write("<svg xmlns=\"http://www.w3.org/2000/svg\">"+"<!--"+"x"*(3<<20)+"-->"+"</svg>\n")' \
            "$R/plots/c$i.svg"
        printf 'throughput\tc%s\t0\tc%s\n' "$i" "$i"
    done >"$R/plots/charts.list"
    run report
    [ "$status" -eq 0 ]
    [ "$(stat -c %s "$R/report.html")" -le $((20 << 20)) ]
    [ "$(grep -c 'Chart c[4-6]: left out: the page&#39;s charts would pass 12 MiB' "$R/report.html")" -eq 3 ]
}

@test "a NUL in a metadata line and a line over 16 KiB: each one row, nothing cut silently" {
    printf 'nul_key: before\0after\n' >>"$R/metadata.txt"
    printf 'long_key: %s-END\n' "$(head -c 20000 /dev/zero | tr '\0' y)" >>"$R/metadata.txt"
    run report
    [ "$status" -eq 0 ]
    grep -q 'before\\x00after' "$R/report.html"
    grep -q -- '-END</details>' "$R/report.html"
    [ "$(grep -o '<tr><th>[^<]*</th>' "$R/report.html" | grep -c 'long_key\|yyyy')" -eq 1 ]
}

# Issue 52 (a handed run folder, round 2): every file read from the folder
# goes through one opener (record/folder_file.c).

# gone_at_once STATUS: the command ended by itself (no 20 s timeout)
gone_at_once() { [ "$1" -ne 124 ] || { echo "timed out: hung" >&2; return 1; }; }

@test "a FIFO results.csv or plots/charts.list, results.csv linked to /dev/stdin: refused at once, one line, never a hang" {
    rm "$R/results.csv"
    mkfifo "$R/results.csv"
    for cmd in "db import $R --db $T/h.db" "report $R" "regress $R $RUN"; do
        # shellcheck disable=SC2086 # the words of each command
        run timeout 20 "$OSSLBENCH" $cmd </dev/null
        gone_at_once "$status"; [ "$status" -ne 0 ]
        [[ $output == *"$R/results.csv: not a regular file"* ]] || { echo "$cmd: $output"; false; }
    done
    run timeout 20 "$OSSLBENCH" columns "$R/results.csv" rate </dev/null
    gone_at_once "$status"; [ "$status" -eq 2 ]
    [[ $output == *"$R/results.csv: not a regular file" ]]
    rm "$R/results.csv"
    ln -s /dev/stdin "$R/results.csv"
    run timeout 20 "$OSSLBENCH" db import "$R" --db "$T/h.db" <"$RUN/results.csv"
    gone_at_once "$status"; [ "$status" -ne 0 ]
    [[ $output == *"$R/results.csv: a symlink"* ]]
    [ ! -s "$T/h.db" ] || [ "$(sqlite3 "$T/h.db" 'select count(*) from runs')" -eq 0 ]
    cp "$RUN/results.csv" "$R/results.csv.real"; rm "$R/results.csv"; mv "$R/results.csv.real" "$R/results.csv"
    mkfifo "$R/plots/charts.list"
    run timeout 20 "$OSSLBENCH" report --format html "$R" </dev/null
    gone_at_once "$status"; [ "$status" -eq 0 ]
    [[ $output == *"plots/charts.list: not a regular file: not shown"* ]]
    run timeout 20 "$OSSLBENCH" draw --list "$R/plots" </dev/null
    gone_at_once "$status"; [ "$status" -eq 1 ]
    [[ $output == *"$R/plots/charts.list: not a regular file"* ]]
}

@test "a plots folder or a charts.list that is a symlink out of the run folder: nothing of it reaches the page" {
    mkdir "$T/out"
    printf 'throughput\tsecret\t0\tTITLE-%s-MARK\n' $$ >"$T/out/charts.list"
    printf '<svg xmlns="http://www.w3.org/2000/svg"><text>SVG-%s-MARK</text></svg>\n' $$ >"$T/out/secret.svg"
    rmdir "$R/plots"
    ln -s "$T/out" "$R/plots"
    run timeout 20 "$OSSLBENCH" report --format html "$R"
    [ "$status" -eq 0 ]
    [[ $output != *"TITLE-$$-MARK"* ]]
    [[ $output != *"data:image/svg+xml;base64"* ]]
    [[ $output == *"plots/charts.list: plots is a symlink: not shown"* ]]
    mv "$R/results.csv" "$T/out/results.csv"
    ln -s "$T/out/results.csv" "$R/results.csv"
    run timeout 20 "$OSSLBENCH" draw "$R" # the run folder's results.csv a symlink out of it
    [ "$status" -eq 1 ]
    [[ $output == *"$R/results.csv: a symlink"* ]]
    rm "$R/results.csv" "$R/plots"; cp "$RUN/results.csv" "$R/"; mkdir "$R/plots"
    ln -s "$T/out/charts.list" "$R/plots/charts.list"
    run timeout 20 "$OSSLBENCH" report --format html "$R"
    [ "$status" -eq 0 ]
    [[ $output != *"TITLE-$$-MARK"* ]]
    [[ $output == *"plots/charts.list: a symlink: not shown"* ]]
}

@test "charts.list of 40000 lines (850 KB): report --format html reads 10000, in time linear in them (was 3.8 s, quadratic)" {
    for n in 4000 40000; do
        python3 -c 'import sys
with open(sys.argv[1], "w") as f:
    for i in range(int(sys.argv[2])): f.write("throughput\tc%d\t0\tt\n" % i)' "$T/l$n" "$n"
    done
    ms() { local s e; cp "$T/l$1" "$R/plots/charts.list"; s=$(date +%s%N); timeout 60 "$OSSLBENCH" report --format html "$R" >"$T/p$1.html"; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
    a=$(ms 4000); b=$(ms 40000)
    echo "4000 lines: $a ms, 40000 lines: $b ms" >&3
    [ "$b" -le $((a * 6 + 300)) ]
    grep -q 'charts.list has 30000 lines past the first 10000: not shown' "$T/p40000.html"
}

@test "report --out DIR with planted symlinks (speedup.txt, speedup.csv, charts.list, a .dat): none written through; a refused set writes nothing" {
    mkdir "$T/o"
    for f in speedup.txt speedup.csv charts.list apis-sha256.dat; do
        echo ORIGINAL >"$T/v-$f"
        ln -s "$T/v-$f" "$T/o/$f"
    done
    run "$OSSLBENCH" report --out "$T/o" "$RUN"
    [ "$status" -eq 0 ]
    for f in speedup.txt speedup.csv charts.list apis-sha256.dat; do
        [ "$(cat "$T/v-$f")" = ORIGINAL ] || { echo "written through $f"; false; }
        [ ! -L "$T/o/$f" ]
    done
    grep -q sha256 "$T/o/speedup.txt"
    mkdir "$T/o2" "$T/o2/speedup.csv"
    echo EARLIER >"$T/o2/speedup.txt"
    run "$OSSLBENCH" report --out "$T/o2" "$RUN"
    [ "$status" -eq 1 ]
    [[ $output == *"$T/o2/speedup.csv: a folder, where a file goes: nothing written"* ]]
    [ "$(cat "$T/o2/speedup.txt")" = EARLIER ]
    [ -z "$(find "$T/o" "$T/o2" -name '.osslbench-*')" ]
}

@test "draw --list DIR with NAME.png, NAME.svg and a gnuplot log planted as symlinks: the charts replace the links, nothing written through" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    "$OSSLBENCH" report --out "$T/p" "$RUN" >/dev/null
    echo ORIGINAL >"$T/v1"; echo ORIGINAL >"$T/v2"; echo ORIGINAL >"$T/v3"
    ln -s "$T/v1" "$T/p/apis-sha256.png"
    ln -s "$T/v2" "$T/p/apis-sha256.svg"
    ln -s "$T/v3" "$T/p/gnuplot-throughput-sha256-evp.png.log" # gnuplot warns on this chart
    run timeout 60 "$OSSLBENCH" draw --list "$T/p"
    [ "$status" -eq 0 ]
    for v in v1 v2 v3; do [ "$(cat "$T/$v")" = ORIGINAL ] || { echo "written through to $v"; false; }; done
    [ ! -L "$T/p/apis-sha256.png" ]
    [ -s "$T/p/apis-sha256.svg" ]
    [ ! -L "$T/p/gnuplot-throughput-sha256-evp.png.log" ]
    rm "$T/p/throughput-sha256-evp.dat"
    mkfifo "$T/p/throughput-sha256-evp.dat"
    run timeout 60 "$OSSLBENCH" draw --list "$T/p"
    gone_at_once "$status"; [ "$status" -eq 1 ]
    [[ $output == *"chart throughput-sha256-evp was not drawn: throughput-sha256-evp.dat: not a regular file"* ]]
    [ -z "$(find "$T/p" -name '.osslbench-*')" ]
}

@test "metadata.txt of 40000 distinct keys: db import and report --format json refuse it at once, one line (was 2.5 s each, quadratic)" {
    python3 -c 'import sys
with open(sys.argv[1], "a") as f:
    for i in range(40000): f.write("k%06d: v\n" % i)' "$R/metadata.txt"
    run timeout 20 "$OSSLBENCH" db import "$R" --db "$T/m.db"
    [ "$status" -eq 1 ]
    [[ $output == "osslbench db import: $R/metadata.txt: more than 1024 keys (a run writes about 60): not imported" ]]
    run timeout 20 "$OSSLBENCH" report --format json "$R"
    [ "$status" -eq 2 ]
    [[ $output == "osslbench report: $R/metadata.txt: more than 1024 keys (a run writes about 60)" ]]
    rm "$R/metadata.txt"
    ln -s "$RUN/metadata.txt" "$R/metadata.txt"
    run timeout 20 "$OSSLBENCH" db import "$R" --db "$T/m.db"
    [ "$status" -eq 1 ]
    [[ $output == *"$R/metadata.txt: a symlink"*"not imported" ]]
}

@test "a folder name with an escape sequence: db import's line and regress's OLD/NEW header show it escaped on stdout" {
    d="$T/r$(printf '\033]0;PWNED\007\302\233\342\200\256')x"
    cp -r "$RUN" "$d"
    run "$OSSLBENCH" db import "$d" --db "$T/e.db"
    [ "$status" -eq 0 ]
    [ "$(LC_ALL=C grep -c $'\033\|\007\|\302\233\|\342\200\256' <<<"$output")" -eq 0 ]
    [[ $output == *'\x1b]0;PWNED\x07\u009b\u202ex: 1 run(s) added'* ]]
    run "$OSSLBENCH" regress "$d" "$RUN"
    [ "$status" -eq 0 ]
    [ "$(LC_ALL=C grep -c $'\033\|\007\|\302\233\|\342\200\256' <<<"$output")" -eq 0 ]
    [[ ${lines[0]} == *'\x1b]0;PWNED\x07'* ]]
}
