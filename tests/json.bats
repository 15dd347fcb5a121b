#!/usr/bin/env bats
# Results as JSON (issue 35): `run --json FILE` and `report --format json`
# give the run's context once and one object per CSV row, with the CSV's
# fields (docs/results-json.schema.json, validated here with Debian's
# python3-jsonschema); hostile text stays data and the output always parses.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUN_DIR=$BATS_FILE_TMPDIR/run
    mkdir -p "$RUN_DIR"
    "$OSSLBENCH" run --lib base="$SYSTEM_LIBCRYPTO" --lib new="$SYSTEM_LIBCRYPTO" \
        --workloads sha256,aes-128-gcm --sizes 16,1024 --api evp,legacy --quick \
        --csv "$RUN_DIR/results.csv" --json "$RUN_DIR/results.json" >"$BATS_FILE_TMPDIR/run.log" 2>&1
}

setup() {
    # a broken runner must fail these tests, never turn them into skips
    [[ -s $RUN_DIR/results.json ]] || { echo "the quick run in setup_file wrote no JSON ($(tail -1 "$BATS_FILE_TMPDIR/run.log"))" >&2; return 1; }
    T=$BATS_TEST_TMPDIR
}

# validate JSON: exit 0 when FILE matches the schema, else the first error.
validate() {
    python3 - "$ROOT/docs/results-json.schema.json" "$1" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
try:
    jsonschema.validate(json.load(open(sys.argv[2])), schema)
except jsonschema.ValidationError as e:
    print(e.message); sys.exit(1)
PY
}

@test "run --json: valid against the schema; the context once; the rows of the CSV, field by field" {
    run validate "$RUN_DIR/results.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run python3 - "$RUN_DIR/results.json" "$RUN_DIR/results.csv" <<'PY'
import csv, json, math, sys
j = json.load(open(sys.argv[1])); rows = list(csv.DictReader(open(sys.argv[2])))
ctx = j["context"]
assert ctx["host"] and "--json" in ctx["command"] and ctx["interrupted"] == "no", ctx
assert len(j["results"]) == len(rows) > 0, (len(j["results"]), len(rows))
for o, r in zip(j["results"], rows):
    assert list(o) == list(r), "fields differ from the CSV's columns"
    for k, v in r.items():
        w = o[k]
        if isinstance(w, list):
            assert " ".join(str(x) for x in w) == v or [float(x) for x in v.split()] == w, k
        elif isinstance(w, float) or (k in ("rate", "ci_low", "ci_high") and w is not None):
            assert math.isclose(w, float(v), rel_tol=1e-9), (k, w, v)
        elif w is None:
            assert v == "", (k, v)
        else:
            assert str(w) == v, (k, w, v)
print(len(rows))
PY
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "report --format json of the run folder writes what run --json wrote" {
    run "$OSSLBENCH" report --format json "$RUN_DIR"
    [ "$status" -eq 0 ]
    diff <(echo "$output") "$RUN_DIR/results.json"
    run "$OSSLBENCH" report --format json --out "$T/out" "$RUN_DIR/results.csv"
    [ "$status" -eq 0 ]
    cmp "$T/out/results.json" "$RUN_DIR/results.json"
    run "$OSSLBENCH" report --format json,csv "$RUN_DIR"
    [ "$status" -eq 2 ]
    [[ $output == *"--format json is a document of its own"* ]]
}

@test "the schema's row fields are the CSV's columns, in order (one table: csv/columns.def)" {
    want=$(head -n 1 "$RUN_DIR/results.csv")
    got=$(python3 -c 'import json,sys; print(",".join(json.load(open(sys.argv[1]))["properties"]["results"]["items"]["properties"]))' \
        "$ROOT/docs/results-json.schema.json")
    [ "$got" = "$want" ]
}

@test "hostile text in a CSV (markup, quotes, control characters, bytes that are not UTF-8) stays data in JSON" {
    python3 - "$RUN_DIR/results.csv" "$T/h.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
note = rows[0].index("note")
rows[1][note] = '</script><b x="1">\\ \x1b[31m\tTAB9'
out = open(sys.argv[2], "w", newline="", encoding="latin-1")
csv.writer(out, lineterminator="\n").writerows(rows)
out.close()
raw = open(sys.argv[2], "rb").read().replace(b"TAB9", b"T\xff9", 1)
open(sys.argv[2], "wb").write(raw)
PY
    run "$OSSLBENCH" report --format json "$T/h.csv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output != *"</script>"* ]]
    [[ $output != *$'\x1b'* ]]
    printf '%s\n' "$output" >"$T/h.json"
    run python3 - "$T/h.json" <<'PY'
import json, sys
n = json.load(open(sys.argv[1]))["results"][0]["note"]
if n != '</script><b x="1">\\ \x1b[31m\tT\ufffd9':
    print(repr(n)); sys.exit(1)
PY
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "run --json alone: metadata.txt beside results.json; an existing file or the CSV's name is refused" {
    mkdir "$T/d"
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --api evp --quick \
        --json "$T/d/results.json"
    [ "$status" -eq 0 ]
    [ -s "$T/d/metadata.txt" ]
    run validate "$T/d/results.json"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --api evp --quick \
        --json "$T/d/results.json"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --quick \
        --csv "$T/same" --json "$T/same"
    [ "$status" -eq 2 ]
    [[ $output == "osslbench run: --json names the --csv file too"* ]]
    [ ! -e "$T/same" ]
}
