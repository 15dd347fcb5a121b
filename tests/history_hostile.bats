#!/usr/bin/env bats
# Hostile history databases (issue 42): a crafted file given to db import,
# history or dashboard crashes nothing and is changed in nothing unless it
# is osslbench's own (or a new path); every value read back is checked.
# Each test was seen failing on the code before its fix (TESTING.md).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUN=$BATS_FILE_TMPDIR/run GOOD=$BATS_FILE_TMPDIR/good.db
    mkdir -p "$RUN"
    "$OSSLBENCH" run --lib new="$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --api evp --quick -q \
        --csv "$RUN/results.csv" >/dev/null 2>&1
    "$OSSLBENCH" db import "$RUN" --db "$GOOD" >/dev/null 2>&1 || true
}

setup() {
    # a runner that writes nothing must fail these tests, never skip them
    [[ -s $RUN/results.csv && -s $GOOD ]] || { echo "setup_file's run or import wrote nothing" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
}

# sq DB SQL...: through the sqlite3 CLI, not osslbench's code.
sq() { sqlite3 "$@"; }
digest() { sha256sum <"$1"; }
# host_folder NAME TEXT: $T/NAME, a copy of the run whose metadata.txt has
# host: TEXT and whose run_id ends in NAME, imported into $T/NAME.db.
host_folder() {
    local rid
    cp -r "$RUN" "$T/$1"
    rid=$(sq "$GOOD" "select run_id from runs limit 1")
    sed -i "s/^host: .*/host: $2/" "$T/$1/metadata.txt"
    sed -i "s/$rid/${rid}$1/g" "$T/$1/results.csv" "$T/$1/metadata.txt"
    "$OSSLBENCH" db import "$T/$1" --db "$T/$1.db" >/dev/null
}
# drawn_as_numbers DB: the dashboard of DB is drawn, every coordinate a number
drawn_as_numbers() {
    run timeout 20 "$OSSLBENCH" dashboard --db "$1" --out "$T/vd"
    [ "$status" -eq 0 ]
    grep -oE ' (x|y|cx|cy|x1|y1|x2|y2|points)="[^"]*"' "$T/vd/index.html" >"$T/coords"
    [ -s "$T/coords" ]
    run grep -ciE 'inf|nan' "$T/coords"
    [ "$output" -eq 0 ]
}
# no_crash STATUS: not killed by a signal, not timed out
no_crash() { [ "$1" -lt 124 ] || { echo "exit $1" >&2; return 1; }; }

@test "a NULL schema_version: history, dashboard and db import refuse it in one line, nothing written" {
    sq "$T/t.db" "create table meta(key TEXT PRIMARY KEY, value TEXT); insert into meta values('schema_version', NULL);"
    h=$(digest "$T/t.db")
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/t.db"
    no_crash "$status"; [ "$status" -eq 2 ]; [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"not an osslbench history database"* ]]
    run timeout 20 "$OSSLBENCH" dashboard --db "$T/t.db" --out "$T/d"
    no_crash "$status"; [ "$status" -ne 0 ]
    run timeout 20 "$OSSLBENCH" db import "$RUN" --db "$T/t.db"
    no_crash "$status"; [ "$status" -eq 2 ]
    [ "$(digest "$T/t.db")" = "$h" ]
}

@test "runs.run_id recreated COLLATE NOCASE and upper-cased: dashboard refuses it, reads nothing out of bounds" {
    cp "$GOOD" "$T/u.db"
    sq "$T/u.db" "pragma foreign_keys=off; create table r2(run_id TEXT PRIMARY KEY COLLATE NOCASE, host, started,
        source NOT NULL, imported NOT NULL, rows NOT NULL); insert into r2 select upper(run_id), host, started, source,
        imported, rows from runs; drop table runs; alter table r2 rename to runs;"
    run timeout 60 valgrind -q --error-exitcode=99 "$OSSLBENCH" dashboard --db "$T/u.db" --out "$T/ud"
    no_crash "$status"; [ "$status" -ne 99 ]; [ "$status" -ne 0 ]
    [[ $output == *"not an osslbench history database"* ]]
    [ ! -e "$T/ud/index.html" ]
}

@test "rate = 9e999 in results: history --format json is valid JSON, the rate null with a note saying why" {
    cp "$GOOD" "$T/v.db"
    sq "$T/v.db" "update results set rate=9e999 where rowid=(select min(rowid) from results)"
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/v.db" --format json
    no_crash "$status"; [ "$status" -eq 0 ]
    python3 -c '
import json, sys
d = json.loads(sys.argv[1], parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
bad = [r for r in d["history"] if r["rate"] is None]
assert len(bad) == 1 and "not finite" in bad[0]["note"], bad' "$output"
    drawn_as_numbers "$T/v.db"
}

@test "another application's SQLite file, or an empty file: history and dashboard refuse it and leave it byte for byte" {
    sq "$T/w.db" "create table contacts(a); insert into contacts values('x');"
    : >"$T/e.db"
    for f in w e; do
        h=$(digest "$T/$f.db")
        run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/$f.db"
        [ "$status" -eq 2 ]; [[ $output == *"not an osslbench history database"* ]]
        run timeout 20 "$OSSLBENCH" dashboard --db "$T/$f.db" --out "$T/wd"
        [ "$status" -ne 0 ]; [[ $output == *"not an osslbench history database"* ]]
        [ "$(digest "$T/$f.db")" = "$h" ]
        [ ! -e "$T/$f.db-wal" ]
        [ ! -e "$T/$f.db-shm" ]
    done
    h=$(digest "$T/w.db")
    run timeout 20 "$OSSLBENCH" db import "$RUN" --db "$T/w.db"
    [ "$status" -eq 2 ]; [ "$(digest "$T/w.db")" = "$h" ]
}

@test "a trigger, view or extra table planted in a supplied database: import refuses it, deletes nothing" {
    local plant
    for plant in "create trigger t after insert on runs begin delete from runs where run_id<>new.run_id; end;" \
        "create view v as select * from runs;" "create table extra(a);" "create index ix on runs(host);"; do
        cp "$GOOD" "$T/x.db"
        sq "$T/x.db" "insert into runs(run_id, source, imported, rows) values('other', 'x', 'y', 0); $plant"
        h=$(digest "$T/x.db")
        run timeout 30 "$OSSLBENCH" db import "$RUN" --db "$T/x.db"
        [ "$status" -eq 2 ] || { echo "$plant: $output"; false; }
        [[ $output == *"not an osslbench history database"* ]]
        [ "$(digest "$T/x.db")" = "$h" ]
    done
}

@test "a read-only database, a -wal symlink, a FIFO: refused with what is wrong" {
    cp "$GOOD" "$T/ro.db"; chmod 444 "$T/ro.db"
    if [ "$(id -u)" -ne 0 ]; then
        run timeout 20 "$OSSLBENCH" db import "$RUN" --db "$T/ro.db"
        [ "$status" -eq 2 ]; [[ $output == *"read-only"* ]]
    fi
    cp "$GOOD" "$T/l.db"; echo secret >"$T/target"; ln -s "$T/target" "$T/l.db-wal"
    run timeout 20 "$OSSLBENCH" db import "$RUN" --db "$T/l.db"
    [ "$status" -eq 2 ]; [[ $output == *"l.db-wal is a symlink"* ]]
    [ "$(cat "$T/target")" = secret ]
    mkfifo "$T/f.db"
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/f.db"
    [ "$status" -eq 2 ]; [[ $output == *"not a regular file"* ]]
    sq "$T/n.db" "create table meta(key TEXT PRIMARY KEY, value TEXT NOT NULL); insert into meta values('schema_version', '7');"
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/n.db"
    [ "$status" -eq 2 ]; [[ $output == *"schema version 7 is newer"* ]]
}

@test "ESC, BEL and C1 in host: or run_id: history in every format and columns show them escaped" {
    evil=$(printf '\033]0;PWNED\007\033[2J\302\233\342\200\256x')
    host_folder p "$evil"
    for f in term csv md; do
        "$OSSLBENCH" history --workload sha256 --db "$T/p.db" --format $f >"$T/out.$f"
        if LC_ALL=C grep -q $'\033\|\007\|\302\233\|\342\200\256' "$T/out.$f"; then
            echo "--format $f"
            cat -v "$T/out.$f"
            false
        fi
        grep -q 'x1b.*PWNED.*x07' "$T/out.$f"
    done
    "$OSSLBENCH" history --workload sha256 --db "$T/p.db" --format json | python3 -c 'import json,sys; json.load(sys.stdin)'
    printf 'label,note\nlib,"%s"\n' "$evil" >"$T/c.csv"
    run "$OSSLBENCH" columns "$T/c.csv" note
    [ "$status" -eq 0 ]
    [ "$(LC_ALL=C grep -c $'\033\|\007\|\302\233' <<<"$output")" -eq 0 ]
    [[ $output == *'\x1b]0;PWNED'* ]]
}

@test "a run folder reusing a genuine run's run_id, imported first: the genuine run is an error naming both, never 'already in'" {
    cp -r "$RUN" "$T/imp"
    python3 - "$T/imp/results.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]))); f = rows[0].keys()
for r in rows: r['rate'] = '1'
w = csv.DictWriter(open(sys.argv[1], 'w', newline=''), fieldnames=f); w.writeheader(); w.writerows(rows)
PY
    "$OSSLBENCH" db import "$T/imp" --db "$T/j.db" >/dev/null
    run "$OSSLBENCH" db import "$RUN" --db "$T/j.db"
    [ "$status" -eq 1 ]
    [[ $output == *"$RUN/results.csv: run "*" differs from the run "*" already in the database (imported from $T/imp/results.csv"* ]]
    [[ $output != *"already in $T/j.db"* ]]
    run "$OSSLBENCH" db import "$T/imp" --db "$T/j.db" # the same run again: already in
    [ "$status" -eq 0 ]; [[ $output == *"0 run(s) added (0 rows), 1 already in"* ]]
}

@test "a CSV mixing rows with and without run_id: each row is filed under one run only" {
    python3 - "$RUN/results.csv" "$T/k.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]))); f = rows[0].keys(); r2 = dict(rows[0]); r2['run_id'] = ''; r2['label'] = 'other'
w = csv.DictWriter(open(sys.argv[2], 'w', newline=''), fieldnames=f); w.writeheader(); w.writerows(rows + [r2])
PY
    run "$OSSLBENCH" db import "$T/k.csv" --db "$T/k.db"
    [ "$status" -eq 0 ]
    [ "$(sq "$T/k.db" 'select count(*) from results')" -eq 2 ]
    [ "$(sq "$T/k.db" 'select count(*) from runs')" -eq 2 ]
    [ "$(sq "$T/k.db" "select count(*) from results where label = 'other' and run_id like 'content-%'")" -eq 1 ]
    run "$OSSLBENCH" db import "$T/k.csv" --db "$T/k.db"
    [[ $output == *"0 run(s) added (0 rows), 2 already in"* ]]
}

@test "import is linear in runs: 8000 run_ids in one CSV cost at most 6x 2000 (one transaction, prepared statements)" {
    python3 - "$RUN/results.csv" "$T/m" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]))); f = list(rows[0].keys())
for n in (2000, 8000):
    w = csv.DictWriter(open(f"{sys.argv[2]}{n}.csv", 'w', newline=''), fieldnames=f); w.writeheader()
    for i in range(n): r = dict(rows[0]); r['run_id'] = f"{r['run_id']}-{i}"; w.writerow(r)
PY
    ms() { local s e; s=$(date +%s%N); timeout 300 "$OSSLBENCH" db import "$1" --db "$2" >/dev/null; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
    a=$(ms "$T/m2000.csv" "$T/m1.db"); b=$(ms "$T/m8000.csv" "$T/m2.db")
    echo "2000 runs: $a ms, 8000 runs: $b ms" >&3
    [ "$(sq "$T/m2.db" 'select count(*) from runs')" -eq 8000 ]
    [ "$b" -le $((a * 6 + 500)) ]
}

# Issue 52 (a handed database or run folder, round 2).

@test "bytes 2^64-1 or a rate of 1.7e308 in a CSV: db import refuses it (history showed -1); 1.7e308 in a database: no point drawn (was y=\"-nan\")" {
    python3 - "$RUN/results.csv" "$T/b.csv" "$T/r.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]))); f = rows[0].keys()
for out, col, v in ((sys.argv[2], 'bytes', '18446744073709551615'), (sys.argv[3], 'rate', '1.7e308')):
    r = dict(rows[0]); r[col] = v
    w = csv.DictWriter(open(out, 'w', newline=''), fieldnames=f); w.writeheader(); w.writerow(r)
PY
    run "$OSSLBENCH" db import "$T/b.csv" --db "$T/b.db"
    [ "$status" -eq 1 ]; [[ $output == *"b.csv: line 2: bad bytes"* ]]
    run "$OSSLBENCH" db import "$T/r.csv" --db "$T/b.db"
    [ "$status" -eq 1 ]; [[ $output == *"r.csv: line 2: bad rate"* ]]
    [ "$(sq "$T/b.db" 'select count(*) from results')" -eq 0 ]
    cp "$GOOD" "$T/v.db"
    sq "$T/v.db" "update results set rate=1.7e308, ci_high=1.7e308 where rowid=(select min(rowid) from results)"
    drawn_as_numbers "$T/v.db"
}

@test "a handed -wal: history and dashboard read it and leave the database and its -wal byte for byte; a read-only file is no error for them" {
    cp "$GOOD" "$T/g.db"
    python3 - "$T" <<'PY'
import sqlite3, shutil, sys
d = sys.argv[1]; c = sqlite3.connect(f'{d}/g.db'); c.execute('pragma journal_mode=wal'); c.execute('pragma wal_autocheckpoint=0')
c.execute("update runs set host='walhost'"); c.commit()
shutil.copy(f'{d}/g.db', f'{d}/w.db'); shutil.copy(f'{d}/g.db-wal', f'{d}/w.db-wal')
PY
    h=$(cat "$T/w.db" "$T/w.db-wal" | sha256sum)
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/w.db"
    [ "$status" -eq 0 ]; [[ $output == *walhost* ]]
    run timeout 20 "$OSSLBENCH" dashboard --db "$T/w.db" --out "$T/wd"
    [ "$status" -eq 0 ]
    [ -f "$T/w.db-wal" ]
    [ "$(cat "$T/w.db" "$T/w.db-wal" | sha256sum)" = "$h" ]
    cp "$GOOD" "$T/ro.db"; chmod 444 "$T/ro.db"
    run timeout 20 "$OSSLBENCH" history --workload sha256 --db "$T/ro.db"
    [ "$status" -eq 0 ]; [[ $output != *"read-only"* ]]
    [ ! -e "$T/ro.db-wal" ]
}

@test "a WAL database in a read-only folder (as a user who cannot write there): history and dashboard read it, a -wal's changes named as not read; db import says read-only once" {
    [ "$(id -u)" -ne 0 ] || command -v setpriv >/dev/null || skip "needs a non-root user or setpriv"
    as_user() { if [ "$(id -u)" -ne 0 ]; then "$@"; else setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; fi; }
    # a folder every user can reach, the binary in it (the checkout may be under a mode-700 folder)
    D=$(mktemp -d /tmp/history-ro.XXXXXX)
    cp "$OSSLBENCH" "$D/osslbench"
    mkdir "$D/a" "$D/b"
    cp "$GOOD" "$D/a/h.db"
    python3 - "$D/b" "$GOOD" <<'PY'
import sqlite3, shutil, sys
d = sys.argv[1]; shutil.copy(sys.argv[2], f'{d}/g.db')
c = sqlite3.connect(f'{d}/g.db'); c.execute('pragma journal_mode=wal'); c.execute('pragma wal_autocheckpoint=0')
c.execute("update runs set host='walhost'"); c.commit()
shutil.copy(f'{d}/g.db', f'{d}/h.db'); shutil.copy(f'{d}/g.db-wal', f'{d}/h.db-wal')
PY
    rm "$D/b/g.db"*
    chmod 755 "$D"; chmod 444 "$D"/a/* "$D"/b/*; chmod 555 "$D/a" "$D/b"
    run as_user "$D/osslbench" history --workload sha256 --db "$D/a/h.db"
    [ "$status" -eq 0 ] || { echo "$output"; rm -rf "$D"; false; }
    run as_user "$D/osslbench" dashboard --db "$D/b/h.db" --out "$D/none"
    [ "$status" -ne 0 ] # it read the database; its page has no folder it may write
    [[ ${lines[0]} == *"h.db-wal: its changes are not read: the folder is read-only"* ]]
    [[ $output == *"$D/none: Permission denied"* ]]
    cp -r "$RUN" "$D/run" && chmod -R a+rX "$D/run"
    run as_user "$D/osslbench" db import "$D/run" --db "$D/a/h.db"
    chmod 755 "$D/a" "$D/b"; rm -rf "$D"
    [ "$status" -eq 2 ] # it said "read-only (not an error)"
    [[ $output == *"a/h.db: read-only: db import writes into the file and beside it, and may not here" ]]
}

@test "a damaged page (a results leaf, the meta table): db import, history and dashboard say 'a damaged SQLite file', exit 2, add nothing" {
    python3 - "$RUN/results.csv" "$T/many.csv" <<'PY'
import csv, sys
r = list(csv.reader(open(sys.argv[1]))); h = r[0]; i = h.index('run_id')
rows = [h] + [[*r[1][:i], 'R%05d' % k, *r[1][i+1:]] for k in range(1500)]
csv.writer(open(sys.argv[2], 'w'), lineterminator='\n').writerows(rows)
PY
    "$OSSLBENCH" db import "$T/many.csv" --db "$T/c.db" >/dev/null
    pg=$(sq "$T/c.db" "select pageno from dbstat where name='results' and pagetype='leaf' limit 1 offset 50")
    ps=$(sq "$T/c.db" "pragma page_size")
    printf 'B' | dd of="$T/c.db" bs=1 seek=$(((pg - 1) * ps)) conv=notrunc status=none
    h=$(digest "$T/c.db")
    run timeout 30 "$OSSLBENCH" dashboard --db "$T/c.db" --out "$T/cd"
    [ "$status" -eq 2 ] # it drew a page of no rows, exit 0
    [[ $output == *"c.db: a damaged SQLite file (quick_check: Page $pg: "* ]]
    run timeout 30 "$OSSLBENCH" history --workload sha256 --db "$T/c.db"
    [ "$status" -eq 2 ]; [[ $output == *"a damaged SQLite file"* ]]
    run timeout 30 "$OSSLBENCH" db import "$RUN" --db "$T/c.db"
    [ "$status" -eq 2 ]; [[ $output == *"a damaged SQLite file"* ]]
    [ "$(digest "$T/c.db")" = "$h" ]
    cp "$GOOD" "$T/m.db" # the meta table's page says 9 cells where it has 1
    pg=$(sq "$T/m.db" "select rootpage from sqlite_master where name = 'meta'")
    printf '\x0d\x00\x00\x00\x09' | dd of="$T/m.db" bs=1 seek=$(((pg - 1) * ps)) conv=notrunc status=none
    run timeout 30 "$OSSLBENCH" db import "$RUN" --db "$T/m.db"
    [ "$status" -eq 2 ]
    [[ $output == *"m.db: a damaged SQLite file (quick_check: "* ]] # was "not an osslbench history database"
}

@test "every primary-key index pointed at an empty b-tree (schema text as ours, quick_check ok): db import refuses it, never imports a run twice" {
    cp "$GOOD" "$T/ix.db"
    python3 - "$T/ix.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for i, name in enumerate(('runs', 'context', 'results')):
    c.execute(f'create table e{i}(x)'); c.execute(f'create index ei{i} on e{i}(x)'); c.commit()
    ei = c.execute(f"select rootpage from sqlite_master where name='ei{i}'").fetchone()[0]
    old = c.execute(f"select rootpage from sqlite_master where name='sqlite_autoindex_{name}_1'").fetchone()[0]
    c.execute('pragma writable_schema=on')
    c.execute(f"update sqlite_master set rootpage=? where name='sqlite_autoindex_{name}_1'", (ei,))
    c.execute(f"update sqlite_master set rootpage=? where name='ei{i}'", (old,))
    c.commit(); c.close(); c = sqlite3.connect(sys.argv[1])
    c.execute(f'drop index ei{i}'); c.execute(f'drop table e{i}'); c.commit()
assert c.execute('pragma quick_check').fetchone()[0] == 'ok'
PY
    h=$(digest "$T/ix.db")
    run timeout 30 "$OSSLBENCH" db import "$RUN" --db "$T/ix.db"
    [ "$status" -eq 2 ] # it added the run a second time, exit 0
    [[ $output == *"ix.db: a damaged SQLite file (integrity_check(runs): row 1 missing from index sqlite_autoindex_runs_1)" ]]
    [ "$(digest "$T/ix.db")" = "$h" ]
}

@test "a handed database whose rows were doctored beside the genuine digest, or whose digest row is gone: the genuine run is 'differs', never 'already in'" {
    for how in "update results set rate = rate * 2 where row = 0" \
        "delete from context where key = 'osslbench.rows_digest'; update results set note = 'doctored' where row = 0"; do
        cp "$GOOD" "$T/d.db"
        sq "$T/d.db" "$how"
        run "$OSSLBENCH" db import "$RUN" --db "$T/d.db"
        [ "$status" -eq 1 ] || { echo "$how: $output"; false; }
        [[ $output == *"run "*" differs from the run "*" already in the database"*"(row 1 differs)" ]]
    done
    cp "$GOOD" "$T/d.db"
    sq "$T/d.db" "delete from context where key = 'osslbench.rows_digest'"
    run "$OSSLBENCH" db import "$RUN" --db "$T/d.db" # the same rows: already in, digest or none
    [ "$status" -eq 0 ]; [[ $output == *"0 run(s) added (0 rows), 1 already in"* ]]
}

@test "a results.csv whose last row is cut short: db import stores nothing of the run and says why, so the whole file goes in later" {
    cp -r "$RUN" "$T/c"
    head -c -40 "$RUN/results.csv" >"$T/c/results.csv"
    run "$OSSLBENCH" db import "$T/c" --db "$T/c.db"
    [ "$status" -eq 1 ] # it stored the whole rows, exit 0, and said nothing
    [[ $output == *"c/results.csv: line 2 is cut short (no end of line: a full disk or a crash?): not imported, a run goes in whole" ]]
    [ "$(sq "$T/c.db" 'select count(*) from runs')" -eq 0 ]
    run "$OSSLBENCH" db import "$RUN" --db "$T/c.db"
    [ "$status" -eq 0 ]; [[ $output == *"1 run(s) added"* ]]
}

@test "dashboard is linear in hosts: 20000 runs on as many hosts cost at most 12x 2500 (was 3.3 s against 0.11 s)" {
    python3 - "$RUN/results.csv" "$T/h" <<'PY'
import csv, sys
r = list(csv.reader(open(sys.argv[1]))); h = r[0]; i = h.index('run_id'); j = h.index('host')
for n in (2500, 20000):
    rows = [h] + [[*r[1][:i], 'R%06d' % k, *r[1][i + 1:]] for k in range(n)]
    for row in rows[1:]: row[j] = 'host' + row[i]
    csv.writer(open(f'{sys.argv[2]}{n}.csv', 'w'), lineterminator='\n').writerows(rows)
PY
    "$OSSLBENCH" db import "$T/h2500.csv" --db "$T/h1.db" >/dev/null
    "$OSSLBENCH" db import "$T/h20000.csv" --db "$T/h2.db" >/dev/null
    ms() { local s e; s=$(date +%s%N); timeout 120 "$OSSLBENCH" dashboard --db "$1" --out "$2" >/dev/null; e=$(date +%s%N); echo $(((e - s) / 1000000)); }
    a=$(ms "$T/h1.db" "$T/d1"); b=$(ms "$T/h2.db" "$T/d2")
    echo "2500 hosts: $a ms, 20000 hosts: $b ms" >&3
    grep -q '20000 runs, 20000 rows' "$T/d2/index.html"
    [ "$b" -le $((a * 12 + 300)) ]
}

@test "U+009B (a CSI) and U+202E (right-to-left) in host: history and report --format json write them as \\u escapes, never raw" {
    host_folder u "$(printf 'a\302\233[2Jb\342\200\256c')"
    "$OSSLBENCH" history --workload sha256 --db "$T/u.db" --format json >"$T/h.json"
    "$OSSLBENCH" report --format json "$T/u" >"$T/r.json"
    for f in h r; do
        run env LC_ALL=C grep -c $'\302\233\|\342\200\256' "$T/$f.json"
        [ "$output" -eq 0 ] || { cat -v "$T/$f.json"; false; }
        grep -qF 'a\u009b[2Jb\u202ec' "$T/$f.json"
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/$f.json"
    done
}
