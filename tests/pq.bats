#!/usr/bin/env bats
# The KEMs and signature schemes of `openssl speed` of 3.5 (harness/workloads/pqkem.c,
# pqsig.c): speed's names as --workloads, measured on a 3.5+ build, unsupported with a
# reason before 3.5.  The 3.5+ tests need a build: OSSLBENCH_PQ_LIB, else the first
# builds/install/<release> of 3.5 or later; without one they skip, saying so.

load helpers

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

# The 3.5 lists' KEM and signature names (bin/osslbench list --speed-lists --tsv), one a line.
pq_speed_names() {
    "$OSSLBENCH" list --speed-lists --tsv |
        awk -F'\t' '$1 == "3.5" && $3 ~ /^(ML-|SLH-|X25519MLKEM|X448MLKEM|SecP|ECP-|X25519$|X448$)/ { print $3 }'
}

# A 3.5+ libcrypto, or nothing.
pq_lib() {
    if [[ -n ${OSSLBENCH_PQ_LIB:-} ]]; then echo "$OSSLBENCH_PQ_LIB"; return; fi
    local f rel
    for f in "$ROOT"/builds/install/*/lib*/libcrypto.so.3; do
        [[ -f $f ]] || continue
        rel=${f#"$ROOT"/builds/install/}
        rel=${rel%%/*}
        if [[ $rel =~ ^([0-9]+)\.([0-9]+) ]] && ((BASH_REMATCH[1] * 100 + BASH_REMATCH[2] >= 305)); then
            echo "$f"
            return
        fi
    done
}

@test "pq: every KEM and signature name of speed 3.5's lists is a --workloads name" {
    run pq_speed_names
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 27 ]
    local name
    for name in "${lines[@]}"; do
        run "$OSSLBENCH" run --workloads "$name" --plan --lib "$SYSTEM_LIBCRYPTO"
        [ "$status" -eq 0 ] || { echo "refused: $name: $output"; false; }
    done
}

@test "pq: before 3.5 every path is unsupported, saying which release it needs" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --quiet --csv "$TMP/old.csv" \
        --workloads ML-KEM-512,X25519MLKEM768,ECP-256,ML-DSA-44,SLH-DSA-SHA2-128s
    [ "$status" -eq 0 ]
    run awk -F, -v s="$(csv_col "$TMP/old.csv" status)" -v n="$(csv_col "$TMP/old.csv" note)" \
        'NR > 1 && ($s != "unsupported" || $n !~ /^needs 3\.[25] or later$/)' "$TMP/old.csv"
    [ -z "$output" ]
    run awk 'NR > 1' "$TMP/old.csv"
    [ "${#lines[@]}" -eq 15 ]
}

@test "pq: on 3.5+ every op of a KEM and a signature scheme of each kind measures ok" {
    local lib
    lib=$(pq_lib)
    [[ -n $lib ]] || skip "no 3.5+ libcrypto (OSSLBENCH_PQ_LIB or builds/install/3.5.x)"
    run "$OSSLBENCH" run --lib "$lib" --quick --quiet --csv "$TMP/pq.csv" \
        --workloads ML-KEM-512,X25519MLKEM768,ECP-256,X25519,ML-DSA-44,SLH-DSA-SHAKE-128f
    [ "$status" -eq 0 ]
    run awk -F, -v s="$(csv_col "$TMP/pq.csv" status)" 'NR > 1 && $s != "ok"' "$TMP/pq.csv"
    [ -z "$output" ]
    run csv_fields "$TMP/pq.csv" workload api op
    [[ $output == *"ml-kem-512 fetch keygen"* ]]
    [[ $output == *"dhkem-p256 fetch decaps"* ]]
    [[ $output == *"ml-dsa-44 fetch sign"* ]]
    [[ $output == *"slh-dsa-shake-128f fetch verify"* ]]
    [ "${#lines[@]}" -eq 18 ]
}
