#!/usr/bin/env bats
# --metric instructions (docs/instructions.md): the options and their
# refusals, compare on count rows (threshold alone), and a real counted run
# of sha256 16 B under valgrind whose samples are equal.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    unset METRIC OPENSSL_ia32cap
}

setup() {
    TMP=$BATS_TEST_TMPDIR
}

need_valgrind() {
    command -v valgrind >/dev/null || skip "valgrind is not installed (apt-get install valgrind)"
    [[ -f $SYSTEM_LIBCRYPTO ]] || skip "no system libcrypto at $SYSTEM_LIBCRYPTO"
}

# counts FILE LABEL RATE [RATE2]: a results CSV of one count row per label
counts() {
    local file=$1; shift
    echo "label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,iterations,status,sample_rates" >"$file"
    while (($#)); do
        printf '%s,3.0.19,evp,sha256,digest,16,%s,instr/op,%s,%s,1,3021,ok,%s\n' "$1" "$2" "$2" "$2" "$2" >>"$file"
        shift 2
    done
}

# ---------------------------------------------------------------- options
@test "run: --metric takes time or instructions, one line otherwise" {
    run "$OSSLBENCH" run --metric cycles --lib x
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"--metric is 'time' or 'instructions', not 'cycles'"* ]]
}

@test "run: --threads above 1 with --metric instructions is refused with one line" {
    run "$OSSLBENCH" run --metric instructions --threads 1,2 --lib x
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"valgrind runs threads one at a time"* ]]
    run "$OSSLBENCH" run --metric instructions --procs 2 --lib x
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
}

@test "run: --samples only with --metric instructions; --cpu-mask only valgrind, only for time" {
    run "$OSSLBENCH" run --samples 3 --lib x
    [ "$status" -eq 2 ]
    [[ $output == *"--samples is for --metric instructions"* ]]
    run "$OSSLBENCH" run --metric instructions --samples 0 --lib x
    [ "$status" -eq 2 ]
    [[ $output == *"not a whole number from 1 to 1000"* ]]
    run "$OSSLBENCH" run --cpu-mask avx --lib x
    [ "$status" -eq 2 ]
    [[ $output == *"--cpu-mask takes 'valgrind'"* ]]
    run "$OSSLBENCH" run --metric instructions --cpu-mask valgrind --lib x
    [ "$status" -eq 2 ]
    [[ $output == *"--cpu-mask is for time runs"* ]]
    run "$OSSLBENCH" run --metric instructions --samples 3 --lib x --plan
    [ "$status" -eq 0 ]
}

@test "run: --metric instructions without valgrind on PATH says how to install it" {
    run env PATH=/nonexistent "$OSSLBENCH" run --metric instructions --lib "$SYSTEM_LIBCRYPTO" \
        --workloads sha256 --sizes 16 --csv "$TMP/x.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"needs valgrind"*"apt-get install valgrind"* ]]
    [ ! -e "$TMP/x.csv" ]
}

# ---------------------------------------------------------------- compare
@test "compare: equal counts are 'same' (exit 0), decided by the threshold alone, and says so" {
    counts "$TMP/a.csv" new 5713.01
    counts "$TMP/b.csv" new 5713.01
    run "$OSSLBENCH" regress "$TMP/a.csv" "$TMP/b.csv" --old-label new --new-label new
    echo "$output"
    [ "$status" -eq 0 ]
    [[ $output == *"instruction counts are exact, so the threshold alone decides"* ]]
    [[ $output == *"5713.0 instr/op"*"same"*"exact counts: threshold alone"* ]]
}

@test "compare: one more instruction in 20 is no change at 5%; 1.74x more is slower, fewer is faster" {
    counts "$TMP/c.csv" old 1000 small 1040 big 1740 less 500
    run "$OSSLBENCH" regress "$TMP/c.csv" --old-label old --new-label small
    [ "$status" -eq 0 ]
    [[ $output == *" same "* ]]
    run "$OSSLBENCH" regress "$TMP/c.csv" --old-label old --new-label big --format csv
    echo "$output"
    [ "$status" -eq 1 ]
    [[ ${lines[1]} == *",exact count,1,1,slower,"* ]]
    run "$OSSLBENCH" regress "$TMP/c.csv" --old-label old --new-label less
    [ "$status" -eq 0 ]
    [[ $output == *" faster "* ]]
    # two samples, no t test could call this significant: counts need none
    run "$OSSLBENCH" regress "$TMP/c.csv" --old-label old --new-label big --threshold 80
    [ "$status" -eq 0 ]
}

@test "compare and report: counts and rates of one point are never mixed" {
    counts "$TMP/d.csv" old 1000
    printf 'new,3.0.19,evp,sha256,digest,16,1e8,B/s,1e8,1e8,1,10,ok,1e8\n' >>"$TMP/d.csv"
    run "$OSSLBENCH" regress "$TMP/d.csv" --old-label old --new-label new
    [ "$status" -eq 2 ]
    run "$OSSLBENCH" report "$TMP/d.csv"
    [ "$status" -ne 0 ]
    counts "$TMP/e.csv" old 1000
    run "$OSSLBENCH" report "$TMP/e.csv"
    [ "$status" -ne 0 ]
    [[ $output == *"instruction counts (unit instr/op), not rates"* ]]
}

# ---------------------------------------------------------------- real
@test "real: sha256 16 B under valgrind: unit instr/op, three samples equal, the library's ia32cap kept" {
    need_valgrind
    run "$OSSLBENCH" run --metric instructions --samples 3 --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 \
        --sizes 16 --api evp --csv "$TMP/r.csv" --quiet
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(csv_fields "$TMP/r.csv" unit)" = instr/op ]
    [ "$(csv_fields "$TMP/r.csv" samples)" = 3 ]
    read -r rate lo hi <<<"$(csv_fields "$TMP/r.csv" rate ci_low ci_high)"
    [ "$lo" = "$rate" ]
    [ "$hi" = "$rate" ]
    local samples
    samples=$(csv_fields "$TMP/r.csv" sample_rates | tr ' ' '\n' | sort -u | wc -l)
    [ "$samples" -eq 1 ]
    # a 16-byte SHA-256 is thousands of instructions, not millions: setup,
    # the known-answer check and the warm-up are not counted
    awk -v r="$rate" 'BEGIN { exit !(r > 1000 && r < 20000) }'
    [[ $(csv_fields "$TMP/r.csv" ia32cap) == 0x* ]]
    grep -q '^metric: instructions' "$TMP/r.metadata.txt"
    grep -q '^cpu_capabilities: .*=0x' "$TMP/r.metadata.txt"
    # the profiles' folder is gone
    run compgen -G "${TMPDIR:-/tmp}/osslbench-counts-*"
    [ "$status" -ne 0 ]
}

@test "real: --cpu-mask valgrind sets the children's OPENSSL_ia32cap (metadata and the column say so)" {
    [[ -f $SYSTEM_LIBCRYPTO ]] || skip "no system libcrypto at $SYSTEM_LIBCRYPTO"
    run "$OSSLBENCH" run --cpu-mask valgrind --quick --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 \
        --sizes 16 --api evp --csv "$TMP/m.csv" --quiet
    [ "$status" -eq 0 ]
    grep -q '^cpu_mask: ~0x' "$TMP/m.metadata.txt"
    [[ $(csv_fields "$TMP/m.csv" ia32cap) == *"env:~0x"* ]]
}

@test "real: make regress METRIC=instructions, 1.1.1w vs 3.0.x sha256 16 B: slower (exit 1), decided on counts" {
    need_valgrind
    local lib111
    lib111=$(libcrypto_111 2>/dev/null) || skip "no libcrypto 1.1.1 (tests/helpers.bash libcrypto_111)"
    run make -s -C "$ROOT" regress METRIC=instructions BASE="$lib111" NEW="$SYSTEM_LIBCRYPTO" \
        WORKLOADS=sha256 SIZES=16 API=evp REGRESS_OUT="$TMP/reg"
    echo "$output"
    [ "$status" -ne 0 ] # make's 2 for compare's 1
    [[ $output == *"instr/op"*"slower"*"exact counts: threshold alone"* ]]
    [[ $output == *"1 points: 1 slower"* ]]
    [ "$(csv_fields "$TMP"/reg/*.csv samples | sort -u)" = 1 ]
}
