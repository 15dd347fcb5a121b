#!/usr/bin/env bats
# The history database's schema 2 (issue 43, part 4: samples packed, about a
# quarter of the bytes) and `osslbench db migrate` from schema 1.  The
# schema-1 file is made by tests/history/make_v1.py with Python's own
# sqlite3, as schema 1's import wrote it (compared table by table with an
# import by the schema-1 binary when it was written).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUNS=$BATS_FILE_TMPDIR/runs V1=$BATS_FILE_TMPDIR/v1.db
    local i
    for i in 1 2; do
        mkdir -p "$RUNS/r$i"
        "$OSSLBENCH" run --lib base="$SYSTEM_LIBCRYPTO" --lib new="$SYSTEM_LIBCRYPTO" --workloads sha256 \
            --sizes 16,1024 --api evp --quick -q --csv "$RUNS/r$i/results.csv" >/dev/null 2>&1
    done
    # a third run as a default run's rows are: 400 samples each (2% apart) in visits of 10
    mkdir -p "$RUNS/big"
    cp "$RUNS/r1/metadata.txt" "$RUNS/big/"
    python3 - "$RUNS/r1/results.csv" "$RUNS/big/results.csv" <<'PY'
import csv, random, sys
rows = list(csv.DictReader(open(sys.argv[1]))); f = list(rows[0].keys()); rnd = random.Random(43)
for r in rows:
    r['run_id'] += '-big'
    r['sample_rates'] = ' '.join(repr(float(r['rate']) * rnd.uniform(0.99, 1.01)) for _ in range(400))
    r['sample_blocks'] = ' '.join(['10'] * 40)
w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), fieldnames=f); w.writeheader(); w.writerows(rows)
PY
    python3 "$ROOT/tests/history/make_v1.py" "$V1" "$RUNS/r1" "$RUNS/r2" "$RUNS/big" || true
}

setup() {
    # a runner or fixture that writes nothing must fail these tests, never skip them
    [[ -s $RUNS/r2/results.csv && -s $V1 ]] || { echo "setup_file's runs or schema-1 database wrote nothing" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
    PACK=$ROOT/tests/history/sample_pack.py
    cp "$V1" "$T/m.db"
}

sql() {
    python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$1" "$2"
}
digest() { sha256sum <"$1"; }
size() { stat -c %s "$1"; }

# every row of a table, as Python's sqlite3 reads it, but the sample columns
table() {
    python3 - "$1" "$2" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
cols = [r[1] for r in db.execute(f"pragma table_info({sys.argv[2]})") if not r[1].startswith("sample_")]
order = "run_id, row" if sys.argv[2] == "results" else "1, 2, 3"
for r in db.execute(f"select {', '.join(cols)} from {sys.argv[2]} order by {order}"):
    print(repr(r))
PY
}

@test "db migrate: schema 1 to 2, one line with the sizes; every value kept, samples within the resolution" {
    before=$(size "$T/m.db")
    run "$OSSLBENCH" db migrate --db "$T/m.db"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "$T/m.db: migrated from schema 1 to 2: $before bytes before, "*" after" ]]
    after=${output##*before, }
    after=${after% after}
    [ "$after" -lt "$before" ]
    # the samples themselves: 24 bytes each as text, about 2 packed
    text=$(sql "$V1" 'select sum(length(sample_rates) + length(sample_blocks)) from results')
    [ "$(sql "$T/m.db" 'select sum(length(sample_pack)) from results')" -lt $((text / 8)) ]
    [ "$(size "$T/m.db")" -eq "$after" ] # VACUUMed and checkpointed: the file itself is smaller
    [ "$(sql "$T/m.db" "select value from meta where key = 'schema_version'")" = 2 ]
    [ "$(sql "$T/m.db" "select count(*) from sqlite_master where sql like '%sample_rates%'")" -eq 0 ]
    for t in runs context results; do
        [ "$(table "$V1" $t)" = "$(table "$T/m.db" $t)" ]
    done
    # each row's samples, decoded from the documented format, against schema 1's text
    [ "$(sql "$V1" 'select count(*) from results')" -eq 12 ]
    run "$PACK" same "$T/m.db" "$V1"
    [ "$status" -eq 0 ]
    run "$OSSLBENCH" db migrate --db "$T/m.db"
    [ "$status" -eq 0 ]
    [ "$output" = "$T/m.db: schema 2 already, nothing to migrate" ]
}

@test "history and the dashboard print the same from a migrated database as from the runs imported anew" {
    "$OSSLBENCH" db migrate --db "$T/m.db" >/dev/null
    "$OSSLBENCH" db import "$RUNS/r1" "$RUNS/r2" "$RUNS/big" --db "$T/n.db" >/dev/null
    local f
    for f in term csv md json; do
        run "$OSSLBENCH" history --db "$T/m.db" --workload sha256 --format $f
        [ "$status" -eq 0 ]
        [ "${#lines[@]}" -ge 12 ]
        [ "$output" = "$("$OSSLBENCH" history --db "$T/n.db" --workload sha256 --format $f)" ]
    done
    "$OSSLBENCH" dashboard --db "$T/m.db" --out "$T/dm" >/dev/null
    "$OSSLBENCH" dashboard --db "$T/n.db" --out "$T/dn" >/dev/null
    # the same page but the import dates of the runs table
    run diff <(sed 's/[0-9-]*T[0-9:]*Z//g' "$T/dm/index.html") <(sed 's/[0-9-]*T[0-9:]*Z//g' "$T/dn/index.html")
    [ "$status" -eq 0 ]
    # the runs came through whole: importing them again adds nothing (the rows' digest kept)
    run "$OSSLBENCH" db import "$RUNS/r1" --db "$T/m.db"
    [ "$status" -eq 0 ]
    [[ $output == *"0 run(s) added (0 rows), 1 already in"* ]]
}

@test "history and dashboard refuse a schema-1 file in one line naming osslbench db migrate, the file byte for byte" {
    h=$(digest "$T/m.db")
    run "$OSSLBENCH" history --db "$T/m.db" --workload sha256
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"schema version 1"*"osslbench db migrate --db FILE converts it"* ]]
    run "$OSSLBENCH" dashboard --db "$T/m.db" --out "$T/d"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"osslbench db migrate"* ]]
    [ "$(digest "$T/m.db")" = "$h" ]
    [ ! -e "$T/m.db-wal" ]
}

@test "a failing migration leaves the schema-1 file byte for byte; so does a planted trigger or a read-only file" {
    # a row schema 1 holds but no results file may: the copy stops at it, after the schema was changed
    python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("update results set sample_rates = '"'"'1 x 3'"'"' where row = 1"); c.commit()' "$T/m.db"
    h=$(digest "$T/m.db")
    run "$OSSLBENCH" db migrate --db "$T/m.db"
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"$T/m.db: not migrated, left as it was: run "*", row 1: "*"bad sample_rates"* ]]
    [ "$(digest "$T/m.db")" = "$h" ]
    [ ! -e "$T/m.db-wal" ]
    [ "$(sql "$T/m.db" "select value from meta where key = 'schema_version'")" = 1 ]
    # not schema 1 exactly: refused as not osslbench's
    cp "$V1" "$T/t.db"
    sqlite3 "$T/t.db" "create trigger t after insert on runs begin delete from runs; end;"
    h=$(digest "$T/t.db")
    run "$OSSLBENCH" db migrate --db "$T/t.db"
    [ "$status" -eq 2 ]
    [[ $output == *"not an osslbench history database"* ]]
    [ "$(digest "$T/t.db")" = "$h" ]
    cp "$V1" "$T/r.db"
    chmod 444 "$T/r.db"
    if [ "$(id -u)" -ne 0 ]; then
        run "$OSSLBENCH" db migrate --db "$T/r.db"
        [ "$status" -eq 2 ]
        [[ $output == *"read-only"* ]]
    fi
    run "$OSSLBENCH" db migrate --db "$T/none.db"
    [ "$status" -eq 2 ]
    [ ! -e "$T/none.db" ]
}

@test "db import into a schema-1 database migrates it first, then imports" {
    python3 "$ROOT/tests/history/make_v1.py" "$T/one.db" "$RUNS/r1"
    run "$OSSLBENCH" db import "$RUNS/r2" --db "$T/one.db"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "$T/one.db: migrated from schema 1 to 2: "* ]]
    [[ ${lines[1]} == "$RUNS/r2: 1 run(s) added (4 rows), 0 already in $T/one.db" ]]
    run "$OSSLBENCH" history --db "$T/one.db" --workload sha256 --format csv
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 9 ]
}
