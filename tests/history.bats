#!/usr/bin/env bats
# The results history (issue 35): runs imported into one SQLite database
# (loaded at run time from Debian's libsqlite3-0) once each, a point across
# runs (osslbench history), and the static dashboard (make dashboard).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUNS=$BATS_FILE_TMPDIR/runs
    local i
    for i in 1 2 3; do
        mkdir -p "$RUNS/r$i"
        "$OSSLBENCH" run --lib base="$SYSTEM_LIBCRYPTO" --lib new="$SYSTEM_LIBCRYPTO" --workloads sha256 \
            --sizes 16,1024 --api evp --quick -q --csv "$RUNS/r$i/results.csv" >/dev/null 2>&1
    done
}

setup() {
    # a broken runner must fail these tests, never turn them into skips
    [[ -s $RUNS/r3/results.csv ]] || { echo "the quick runs in setup_file wrote no results" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
    PACK=$ROOT/tests/history/sample_pack.py
}

# sql DB QUERY: one value, through Python's own sqlite3 (not osslbench's code).
sql() {
    python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$1" "$2"
}

@test "db import: a run is imported whole, once: again adds nothing" {
    run "$OSSLBENCH" db import "$RUNS/r1" "$RUNS/r2/results.csv" --db "$T/h.db"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ ${lines[0]} == "$RUNS/r1: 1 run(s) added (4 rows), 0 already in $T/h.db" ]]
    run "$OSSLBENCH" db import "$RUNS/r1" "$RUNS/r2" --db "$T/h.db"
    [ "$status" -eq 0 ]
    [[ ${lines[1]} == *": 0 run(s) added (0 rows), 1 already in "* ]]
    [ "$(sql "$T/h.db" 'select count(*) from runs')" -eq 2 ]
    [ "$(sql "$T/h.db" 'select count(*) from results')" -eq 8 ]
    # context, rows and samples, as the run folder has them
    [ "$(sql "$T/h.db" "select value from context where key = 'interrupted'")" = no ]
    # the samples, packed (schema 2), decoded by tests/history/sample_pack.py from the documented format
    first="select r.sample_pack from results r join runs u using (run_id) where u.source like '%/r1/%' order by r.row limit 1"
    want=$("$OSSLBENCH" columns "$RUNS/r1/results.csv" sample_rates | head -n 1)
    [ -n "$want" ]
    run "$PACK" rates "$T/h.db" "$first"
    [ "$status" -eq 0 ]
    run "$PACK" close "$output" "$want"
    [ "$status" -eq 0 ]
    run "$PACK" blocks "$T/h.db" "$first"
    [ "$output" = "$("$OSSLBENCH" columns "$RUNS/r1/results.csv" sample_blocks | head -n 1)" ]
}

@test "two imports at once lose nothing (WAL, a busy timeout)" {
    local i
    for i in 1 2 3; do
        "$OSSLBENCH" db import "$RUNS/r$i" --db "$T/c.db" >"$T/imp$i.log" 2>&1 &
    done
    wait
    cat "$T"/imp*.log
    [ "$(sql "$T/c.db" 'select count(*) from runs')" -eq 3 ]
    [ "$(sql "$T/c.db" 'select count(*) from results')" -eq 12 ]
}

@test "history: a point across runs, with each row's run_id, in term, csv, md and json" {
    "$OSSLBENCH" db import "$RUNS/r1" "$RUNS/r2" "$RUNS/r3" --db "$T/h.db" >/dev/null
    run "$OSSLBENCH" history --db "$T/h.db" --workload sha256 --bytes 1k --label new --format json
    [ "$status" -eq 0 ]
    n=$(python3 -c 'import json,sys; d=json.load(sys.stdin); print(len({r["run_id"] for r in d["history"]}), len(d["history"]), {r["bytes"] for r in d["history"]} == {1024})' <<<"$output")
    [ "$n" = "3 3 True" ]
    run "$OSSLBENCH" history --db "$T/h.db" --workload sha256 --format csv
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == run_id,started,host,label,version,workload,api,op,bytes,threads,procs,rate,ci_low,ci_high,unit,status ]]
    [ "${#lines[@]}" -eq 13 ]
    run "$OSSLBENCH" history --db "$T/h.db" --workload sha256 --format md
    [ "${#lines[@]}" -eq 14 ]
    run "$OSSLBENCH" history --db "$T/h.db" --workload md5
    [ "$status" -eq 0 ]
    [[ $output == *"no rows of md5"* ]]
}

@test "bad inputs: one line and exit 2 (no database, not a database, a newer schema, no workload)" {
    run "$OSSLBENCH" history --db "$T/none.db" --workload sha256
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ ! -e "$T/none.db" ]
    echo "not a database" >"$T/text.db"
    run "$OSSLBENCH" db import "$RUNS/r1" --db "$T/text.db"
    [ "$status" -eq 2 ]
    [[ $output == "osslbench db: $T/text.db: not an osslbench history database"* ]]
    [ "$(cat "$T/text.db")" = "not a database" ]
    "$OSSLBENCH" db import "$RUNS/r1" --db "$T/new.db" >/dev/null
    python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("update meta set value = 99 where key = '"'"'schema_version'"'"'"); c.commit()' "$T/new.db"
    run "$OSSLBENCH" history --db "$T/new.db" --workload sha256
    [ "$status" -eq 2 ]
    [[ $output == *"schema version 99 is newer than this osslbench's 2" ]]
    run "$OSSLBENCH" history --db "$T/h.db"
    [ "$status" -eq 2 ]
    run "$OSSLBENCH" db import "$T/no-such-run" --db "$T/x.db"
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 1 ]
}

@test "make dashboard: one inert page, each point linked to its run, hostile text escaped" {
    mkdir "$T/evil"
    cp "$RUNS/r3/results.csv" "$T/evil/results.csv"
    sed 's/^host: .*/host: <script>document.title="PWNED"<\/script><img src=x onerror=alert(1)>/' \
        "$RUNS/r3/metadata.txt" >"$T/evil/metadata.txt"
    sed -i 's/,20[0-9T]*Z-[0-9a-f]*,/,evil-run,/' "$T/evil/results.csv"
    "$OSSLBENCH" db import "$RUNS/r1" "$RUNS/r2" "$T/evil" --db "$T/d.db" >/dev/null
    run make -s -C "$ROOT" dashboard DB="$T/d.db" OUT="$T/dash"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    page=$T/dash/index.html
    grep -q 'Content-Security-Policy' "$page"
    run grep -ciE '<script|<img|src=.https?:|href=.https?:' "$page"
    [ "$output" -eq 0 ]
    grep -q '&lt;script&gt;' "$page"
    # every chart point links to a run row of the page
    while read -r id; do
        grep -q "id=\"$id\"" "$page" || { echo "no $id"; false; }
    done < <(grep -o 'href="#run-[0-9]*"' "$page" | sort -u | sed 's/.*#//; s/"//')
    [ "$(grep -c '<svg' "$page")" -eq 4 ] # 2 points x 2 hosts (vm and the evil one)
    if command -v chromium >/dev/null; then
        run timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
            --user-data-dir="$T/prof" --dump-dom "file://$page"
        [ "$status" -eq 0 ]
        [[ $output == *"<title>osslbench history</title>"* ]]
        [[ $output != *"<script"* && $output != *"<img"* ]] # the host stays text
    fi
    # shellcheck disable=SC2016 # the $(shell ...) is the attack: make must not run it
    run make -s -C "$ROOT" dashboard DB='$(shell touch '"$T"'/pwned)'
    [ "$status" -ne 0 ]
    [ ! -e "$T/pwned" ]
}

@test "dashboard: libraries seen in one run each (make track's commits) are one series, its changes ringed" {
    local i
    for i in 1 2 3; do
        mkdir -p "$T/c$i"
        # a day apart: quick runs can start in the same second, and the order is the dates'
        sed "s/^started: .*/started: 2026-01-0${i}T00:00:00Z/" "$RUNS/r$i/metadata.txt" >"$T/c$i/metadata.txt"
        # the second library gets a label of its own in each run, as a tracked commit does
        sed "s/^new,/commit$i,/" "$RUNS/r$i/results.csv" >"$T/c$i/results.csv"
    done
    # the third commit is 1000x faster, far outside every interval: a quick run's
    # ratio interval at 16 bytes spans up to 35x under ASan (CI's check-asan)
    awk -F, -v OFS=, 'NR > 1 && $1 == "commit3" { $12 *= 1000; $15 *= 1000; $16 *= 1000 } { print }' \
        "$T/c3/results.csv" >"$T/c3.csv" && mv "$T/c3.csv" "$T/c3/results.csv"
    "$OSSLBENCH" db import "$T/c1" "$T/c2" "$T/c3" --db "$T/s.db" >/dev/null
    run "$OSSLBENCH" dashboard --db "$T/s.db" --out "$T/dash"
    [ "$status" -eq 0 ]
    [ "$(grep -c '>3, one run each<' "$T/dash/index.html")" -eq 2 ] # one series per chart, 2 charts
    # the 1000x jump is ringed at both sizes (base and the others may move too: quick runs)
    [ "$(grep -o '<title>commit3 [^<]*(changed)' "$T/dash/index.html" | wc -l)" -eq 2 ]
}

# scaled RUN_CSV OUT FACTOR LABEL: the run under a new run_id (RUN_CSV's +
# '-x'), LABEL's rates, CIs and samples times FACTOR (LABEL 'all': every row's)
scaled() {
    python3 - "$@" <<'PY'
import csv, sys
src, out, k, lab = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
rows = list(csv.DictReader(open(src))); f = list(rows[0].keys())
for r in rows:
    r['run_id'] += '-x'
    if lab != 'all' and r['label'] != lab: continue
    for c in ('rate', 'ci_low', 'ci_high'):
        if r[c]: r[c] = repr(float(r[c]) * k)
    if r['sample_rates']: r['sample_rates'] = ' '.join(repr(float(x) * k) for x in r['sample_rates'].split())
w = csv.DictWriter(open(out, 'w', newline=''), fieldnames=f); w.writeheader(); w.writerows(rows)
PY
}

@test "dashboard: a whole machine 1.3x faster is drift, named once, no ring; one library 0.1x is its change" {
    scaled "$RUNS/r1/results.csv" "$T/fast.csv" 1.3 all
    "$OSSLBENCH" db import "$RUNS/r1" "$T/fast.csv" --db "$T/f.db" >/dev/null
    run "$OSSLBENCH" dashboard --db "$T/f.db" --out "$T/fast"
    [ "$status" -eq 0 ]
    run grep -c 'class="change"' "$T/fast/index.html"
    [ "$output" -eq 0 ]
    # the drift, once: one line of the machine section (and its cell in the runs table)
    run sed -n '/<h2 id="drift">/,/<\/ul>/p' "$T/fast/index.html"
    [ "$(grep -c '<li>' <<<"$output")" -eq 1 ]
    [[ $output == *"ran &#215;1.3 (30% faster) against run 1"* ]]
    grep -q 'ratio to <b>base</b>' "$T/fast/index.html"
    # 0.1x: a quick run's ratio interval spans up to 35x under ASan (check-asan)
    scaled "$RUNS/r1/results.csv" "$T/slow.csv" 0.1 new
    "$OSSLBENCH" db import "$RUNS/r1" "$T/slow.csv" --db "$T/s.db" >/dev/null
    run "$OSSLBENCH" dashboard --db "$T/s.db" --out "$T/slow"
    [ "$status" -eq 0 ]
    run grep -o '<title>new [^<]*(changed): its ratio' "$T/slow/index.html"
    [ "${#lines[@]}" -ge 1 ]
    run grep -c '<h2 id="drift">' "$T/slow/index.html"
    [ "$output" -eq 0 ]
}
