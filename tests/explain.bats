#!/usr/bin/env bats
# osslbench explain (docs/explain.md): its refusals, and real profiles of
# sha256 16 B under valgrind: functions that add up to run --metric
# instructions' count, counters, the change against the baseline, and the
# files of --out (CSV, JSON, Markdown, two inert SVG charts per change).

# shellcheck disable=SC2154 # stderr, stderr_lines: set by bats' run --separate-stderr
load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    TMP=$BATS_TEST_TMPDIR
}

need_valgrind() {
    command -v valgrind >/dev/null || skip "valgrind is not installed (apt-get install valgrind)"
    [[ -f $SYSTEM_LIBCRYPTO ]] || skip "no system libcrypto at $SYSTEM_LIBCRYPTO"
}

# refused ARGS...: exit 2 and one line on stderr, nothing on stdout
refused() {
    run --separate-stderr "$OSSLBENCH" explain "$@"
    [ "$status" -eq 2 ]
    [ -z "$output" ]
    [ "${#stderr_lines[@]}" -eq 1 ]
}

@test "explain: bad options, no valgrind, a library valgrind cannot run: one line, exit 2" {
    bats_require_minimum_version 1.5.0
    refused --workloads sha256
    [[ $stderr == *"no library given"* ]]
    refused --lib "$SYSTEM_LIBCRYPTO"
    [[ $stderr == *"name the points to explain with --workloads"* ]]
    refused --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --format xml
    [[ $stderr == *"--format is term, csv, json or md, not 'xml'"* ]]
    refused --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --top 0
    [[ $stderr == *"--top '0' is not a whole number from 1 to 1000"* ]]
    mkdir "$TMP/there"
    refused --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --out "$TMP/there"
    [[ $stderr == *"explain writes a new folder"* ]]
    mkdir "$TMP/nopath"
    run --separate-stderr env PATH="$TMP/nopath" "$OSSLBENCH" explain --lib "$SYSTEM_LIBCRYPTO" --workloads sha256
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ $stderr == *"needs valgrind, which is not on PATH"* ]]
    need_valgrind
    refused --lib /etc/passwd --workloads sha256 --api evp --sizes 16
    [[ $stderr == *"--lib /etc/passwd: valgrind could not run it"* ]]
}

@test "real: sha256 16 B: functions add up to run --metric instructions' count; counters; one note a stripped library" {
    bats_require_minimum_version 1.5.0
    need_valgrind
    run --separate-stderr "$OSSLBENCH" explain -q --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" \
        --workloads sha256 --api evp --sizes 16 --format csv
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "workload,api,op,bytes,label,baseline,kind,name,self_per_op,inclusive_per_op,calls_per_op,change_per_op,share_of_change,side" ]
    echo "$output" >"$TMP/x.csv"
    "$OSSLBENCH" run -q --metric instructions --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --api evp --sizes 16 --csv "$TMP/ic.csv" >/dev/null 2>&1
    python3 - "$TMP" <<'PY'
import csv, sys
T = sys.argv[1]
rows = list(csv.DictReader(open(f"{T}/x.csv")))
want = float(next(csv.DictReader(open(f"{T}/ic.csv")))["rate"])
for lab in ("a", "b"):
    got = sum(float(r["self_per_op"]) for r in rows if r["label"] == lab and r["kind"] == "function")
    assert abs(got / want - 1) < 0.02, (lab, got, want)
    c = {r["name"]: float(r["calls_per_op"]) for r in rows if r["label"] == lab and r["kind"] == "counter"}
    assert c["fetches"] == 1 and c["locks"] >= 1, c   # EVP_Digest on 3.0: an implicit fetch, its locks
assert all(r["baseline"] == "a" for r in rows)
PY
    if [[ $stderr == *"has no symbol table"* ]]; then # Debian's library is stripped, unless its debug file is there
        [ "$(grep -c 'a (.*) has no symbol table' <<<"$stderr")" -eq 1 ]
        [ "$(grep -c 'b (.*) has no symbol table' <<<"$stderr")" -eq 1 ]
    fi
}

@test "real: 1.1.1w against the system 3.0, --out: the change named, csv, json, md and two inert charts" {
    need_valgrind
    old=$(libcrypto_111) || skip "no 1.1.1w library (Debian bullseye's libssl1.1 could not be fetched)"
    run "$OSSLBENCH" explain -q --lib old="$old" --lib new="$SYSTEM_LIBCRYPTO" --workloads sha256 \
        --api evp --sizes 16 --top 5 --out "$TMP/x"
    [ "$status" -eq 0 ]
    [[ $output == *"== sha256 evp digest 16 B =="* ]]
    [[ $output == *"new against old: +"*" instr/op"* ]]
    [[ $output == *"largest increases (self)"* ]]
    [[ $output == *pthread_rwlock* ]] # 3.0 takes read locks that 1.1.1 does not
    ls "$TMP/x" >"$TMP/files"
    [ "$(cat "$TMP/files")" = "$(printf '%s\n' changes.csv explain-sha256-evp-digest-16-new.svg explain.csv explain.json explain.md flame-sha256-evp-digest-16-new.svg)" ]
    [ "$(head -1 "$TMP/x/changes.csv")" = "workload,api,op,bytes,label,baseline,baseline_per_op,per_op,change_per_op,summary,bars,flame" ]
    [[ $(sed -n 2p "$TMP/x/changes.csv") == "sha256,evp,digest,16,new,old,"*",\"+"*" instr/op: "*"% in "* ]]
    python3 - "$TMP/x" <<'PY'
import json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
j = json.load(open(f"{d}/explain.json"))
p = j["points"][0]
assert p["baseline"] == "old" and p["changes"][0]["label"] == "new", p["baseline"]
libs = {l["label"]: l for l in p["libraries"]}
assert libs["new"]["counters"]["locks"]["calls_per_op"] >= 1 and libs["old"]["counters"]["locks"]["calls_per_op"] == 0
for f in ("explain-sha256-evp-digest-16-new.svg", "flame-sha256-evp-digest-16-new.svg"):
    root = ET.parse(f"{d}/{f}").getroot()
    tags = {e.tag.split('}')[-1] for e in root.iter()}
    assert tags <= {"svg", "g", "rect", "text", "title"}, tags   # nothing that runs or loads
md = open(f"{d}/explain.md").read()
assert "| function (self) | old | new | change | share | calls/op |" in md, md[:400]
PY
}

@test "real: make compare EXPLAIN=1: the largest change explained under its verdict; make report writes the same page" {
    need_valgrind
    old=$(libcrypto_111) || skip "no 1.1.1w library (Debian bullseye's libssl1.1 could not be fetched)"
    run make -C "$ROOT" --no-print-directory compare LIBS="old=$old new=$SYSTEM_LIBCRYPTO" RELEASES="old new" \
        SYSTEM_LIB=none NO_BUILD=1 WORKLOADS=sha256 SIZES=16,8192 API=evp QUICK=1 EXPLAIN=1 RESULTS_ROOT="$TMP/r"
    [ "$status" -eq 0 ]
    [[ $output == *"explaining sha256 evp digest 16: new against old"* ]]
    dir=$(readlink -f "$TMP/r/latest")
    [ "$(wc -l <"$dir/explain/changes.csv")" -eq 2 ] # the one change picked, though the run explained more
    page=$dir/report.html
    [ "$(grep -c 'class="explain"' "$page")" -eq 1 ]
    grep -q '<b>Why</b> (osslbench explain, instructions per operation under valgrind): old ' "$page"
    cp "$page" "$TMP/first.html"
    run make -C "$ROOT" --no-print-directory report RESULTS="$dir"
    [ "$status" -eq 0 ]
    cmp "$TMP/first.html" "$page"
    # make explain: the knobs of make compare, a folder of its own, the report on the terminal
    run make -C "$ROOT" --no-print-directory explain LIBS="old=$old new=$SYSTEM_LIBCRYPTO" RELEASES="old new" \
        SYSTEM_LIB=none NO_BUILD=1 WORKLOADS=sha256 SIZES=16 API=evp RESULTS_ROOT="$TMP/r"
    [ "$status" -eq 0 ]
    [[ $output == *"new against old: +"* ]]
    made=("$TMP/r/explain"/*/explain.md)
    [ "${#made[@]}" -eq 1 ]
    [ -s "${made[0]}" ]
    [ "$(readlink -f "$TMP/r/latest")" = "$dir" ] # an explanation is no run
}
