#!/usr/bin/env bats
# Forks that claim an OpenSSL version number are identified, labelled and
# ordered as what they are: Debian's BoringSSL (bookworm android-libboringssl,
# 0x1010107f = "1.1.1g"), and a fake fork built here (no download needed).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export FAKES="$BATS_FILE_TMPDIR"
    # the fault library's answers, but BoringSSL's version text and marker symbol
    cc -shared -fPIC -O1 -o "$FAKES/libcrypto-fakeboring.so" -DAS_BORINGSSL "$ROOT/tests/faults/fault_lib.c"
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

need_boringssl() {
    BORING=$(libcrypto_boringssl) || skip "could not download Debian bookworm's android-libboringssl"
}

@test "a library with BoringSSL's version text and self-test symbol is a fork, not 1.1.1g" {
    run "$OSSLBENCH" info --lib "$FAKES/libcrypto-fakeboring.so"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "  release       boringssl" ]
    [[ ${lines[2]} == "  flavor        BoringSSL (a fork of OpenSSL, not an OpenSSL release)" ]]
    [[ $output == *"version_num   0x1010107f (claims OpenSSL 1.1.1g)"* ]]
    [[ $output != *"release       1.1.1g"* ]]
}

@test "Debian's BoringSSL: info and list name it, and say what it lacks without OpenSSL release claims" {
    need_boringssl
    run "$OSSLBENCH" info --lib "$BORING"
    [ "$status" -eq 0 ]
    [ "${lines[1]}" = "  release       boringssl" ]
    [[ ${lines[2]} == "  flavor        BoringSSL "* ]]
    [[ $output == *"version_text  BoringSSL"* ]]
    run "$OSSLBENCH" list --lib "$BORING"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "boringssl ($BORING; BoringSSL, claims OpenSSL 1.1.1g)" ]]
    [[ $output == *"sha256               evp      yes"* ]]
    [[ $output == *"sha256               fetch    no: EVP_MD_fetch not in BoringSSL (OpenSSL has it from 3.0)"* ]]
    [[ $output == *"hmac-sha256          evp      no: EVP_PKEY_new_mac_key not in BoringSSL"* ]]
    [[ $output != *"needs "* ]]
    [[ $output != *"not exported by this build"* ]]
}

@test "Debian's BoringSSL: benchmarked beside OpenSSL, labelled boringssl, flavor column, ordered after, never the baseline" {
    need_boringssl
    run "$OSSLBENCH" run --lib "$BORING" --lib "$SYSTEM_LIBCRYPTO" --quick --quiet \
        --workloads sha256,aes-128-gcm,hmac-sha256,rsa2048 --sizes 64 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    lb=$(csv_col "$TMP/r.csv" label) ver=$(csv_col "$TMP/r.csv" version)
    fl=$(csv_col "$TMP/r.csv" flavor) st=$(csv_col "$TMP/r.csv" status)
    run awk -F, -v l="$lb" -v v="$ver" -v f="$fl" 'NR > 1 { print $l "," $v "," $f }' "$TMP/r.csv"
    [[ $output == *"boringssl,boringssl,boringssl"* ]]
    [[ $output == *"3.0."*",3.0."*",openssl"* ]]
    [[ $output != *"1.1.1g"* ]]
    # every path BoringSSL has was measured and passed its known answers
    run awk -F, -v l="$lb" -v s="$st" 'NR > 1 && $l == "boringssl" { print $s }' "$TMP/r.csv"
    [[ $output == *ok* ]]
    [[ $output != *kat_failed* && $output != *error* && $output != *crashed* ]]
    # the report puts it after OpenSSL and compares it to OpenSSL
    run "$OSSLBENCH" report "$TMP/r.csv"
    [ "$status" -eq 0 ]
    [[ $output == *"Speed-up vs 3.0."* ]]
    mkdir "$TMP/out"
    run "$OSSLBENCH" report --format dat --out "$TMP/out" "$TMP/r.csv"
    [ "$status" -eq 0 ]
    run head -n 1 "$TMP/out/throughput-sha256-evp.dat"
    [[ $output == "bytes \"3.0."* ]]
    run grep -h '^bytes' "$TMP/out/throughput-sha256-evp.dat"
    [ "${lines[1]}" = 'bytes "boringssl (fork)" low high' ]
}

@test "Debian's BoringSSL: every workload and path is measured or unsupported with a reason, never a failed check or a crash" {
    need_boringssl
    workloads=$("$OSSLBENCH" list --workloads --tsv | awk -F'\t' 'NR > 1 { print $1 }' | paste -sd,)
    run "$OSSLBENCH" run --lib "$BORING" --quick --quiet --workloads "$workloads" --sizes 16 \
        --csv "$TMP/all.csv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    st=$(csv_col "$TMP/all.csv" status) note=$(csv_col "$TMP/all.csv" note)
    run awk -F, -v s="$st" 'NR > 1 && $s != "ok" && $s != "unsupported" { print }' "$TMP/all.csv"
    [ -z "$output" ] || { echo "$output"; false; }
    # what BoringSSL lacks behind an API it exports (DSA, CMAC through EVP_PKEY) says so
    run awk -F, -v s="$st" -v n="$note" 'NR > 1 && $s == "unsupported" && $n ~ /^not in BoringSSL: / { c++ } END { print c + 0 }' "$TMP/all.csv"
    [ "$output" -ge 3 ]
    # and its own CMAC restart call (CMAC_Reset) measures the legacy CMAC path
    run grep -c ',legacy,cmac-aes-128,mac,16,.*,ok,' "$TMP/all.csv"
    [ "$output" = 1 ]
}
