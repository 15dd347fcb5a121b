#!/usr/bin/env bats
# bin/osslbench run / list / info against real libraries: the system 3.0.x,
# a real 1.1.1w (Debian bullseye's libssl1.1), and whatever builds/ installed.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

# Runs every workload and path in quick mode; asserts every self-check passed
# and only the paths the release lacks are unsupported.
check_full_quick_run() {
    local lib=$1 unsupported_re=$2
    run "$OSSLBENCH" run --lib "$lib" --quick --quiet --sizes 16,8192 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    local st api wl
    st=$(csv_col "$TMP/r.csv" status) api=$(csv_col "$TMP/r.csv" api) wl=$(csv_col "$TMP/r.csv" workload)
    # 10 workloads: 6 sized x 2 sizes + 4 rsa x 2 ops = 20 points per API path.
    [ "$(tail -n +2 "$TMP/r.csv" | wc -l)" -eq 60 ]
    ! cut -d, -f"$st" "$TMP/r.csv" | grep -Eq 'kat_failed|crashed|timeout|error|load_failed'
    # what is unsupported is exactly what the release lacks
    run bash -c "awk -F, -v s=$st -v a=$api -v w=$wl 'NR>1 && \$s==\"unsupported\" {print \$w\"/\"\$a}' '$TMP/r.csv' | sort -u | tr '\n' ' '"
    [[ "$output" =~ ^($unsupported_re)$ ]] || { echo "unsupported: $output"; return 1; }
}

@test "system libcrypto 3.0: every workload and API path self-checks and runs" {
    check_full_quick_run "$SYSTEM_LIBCRYPTO" "aes-128-gcm/legacy aes-256-gcm/legacy "
}

@test "real 1.1.1w: every workload and path it has runs; fetch is reported unsupported" {
    lib=$(libcrypto_111) || skip "could not download Debian bullseye's libssl1.1"
    check_full_quick_run "$lib" "(aes-[0-9]+-(cbc|gcm)/fetch |aes-[0-9]+-gcm/legacy |hmac-sha256/fetch |rsa[0-9]+/fetch |sha256/fetch )+"
    run "$OSSLBENCH" list --lib "$lib"
    [[ "$output" == *"sha256           fetch   no: needs 3.0 or later"* ]]
    run "$OSSLBENCH" info --lib "$lib"
    [[ "$output" == *"release       1.1.1w"* ]]
    [[ "$output" == *"version_num   0x1010117f"* ]]
}

@test "every release builds/ installed loads and runs its self-checks" {
    libs=$(installed_libcryptos)
    [ -n "$libs" ] || skip "builds/install is empty (run make builds)"
    args=()
    while read -r l; do args+=(--lib "$l"); done <<<"$libs"
    run "$OSSLBENCH" run "${args[@]}" --quick --quiet --sizes 64 --workloads sha256,aes-128-gcm,hmac-sha256,rsa2048 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    st=$(csv_col "$TMP/r.csv" status)
    ! cut -d, -f"$st" "$TMP/r.csv" | grep -Eq 'kat_failed|crashed|timeout|error|load_failed'
}

@test "old releases (0.9.8 - 1.1.0) given in OSSLBENCH_OLD_LIBS run their self-checks" {
    [ -n "${OSSLBENCH_OLD_LIBS:-}" ] || skip "set OSSLBENCH_OLD_LIBS=path:path to libcrypto of 0.9.8-1.1.0 builds (not reachable in CI)"
    IFS=: read -ra libs <<<"$OSSLBENCH_OLD_LIBS"
    for l in "${libs[@]}"; do
        run "$OSSLBENCH" run --lib "$l" --quick --quiet --sizes 64 --csv "$TMP/$(basename "$l").csv"
        [ "$status" -eq 0 ] || { echo "$l: $output"; return 1; }
    done
}

@test "info shows release, version number and text of the system library" {
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ]
    [[ "$output" == *"release       3.0."* ]]
    [[ "$output" == *"version_text  OpenSSL 3.0."* ]]
    [[ "$output" == *"CPUINFO: OPENSSL_ia32cap="* ]]
}

@test "interleaving: samples of one point rotate across the libraries" {
    run "$OSSLBENCH" run --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" --lib c="$SYSTEM_LIBCRYPTO" \
        --quick --quiet --workloads sha256 --api evp --sizes 16 --precision 0.0005 --trace "$TMP/trace"
    [ "$status" -eq 0 ]
    # the first nine samples go a b c a b c a b c
    [ "$(head -9 "$TMP/trace" | awk '{printf "%s", $4}')" = "abcabcabc" ]
}

@test "bad library paths: one line each, non-zero exit" {
    mkdir "$TMP/dir"; : >"$TMP/empty.so"; echo hello >"$TMP/text.so"
    head -c 40 "$SYSTEM_LIBCRYPTO" >"$TMP/trunc.so"
    for bad in /nonexistent/libcrypto.so "$TMP/dir" "$TMP/empty.so" "$TMP/text.so" "$TMP/trunc.so" \
        "$SYSTEM_LIBDIR"/libcrypt.so.1 "$SYSTEM_LIBDIR"/libssl.so.3; do
        run "$OSSLBENCH" info --lib "$bad"
        [ "$status" -ne 0 ]
        [ "${#lines[@]}" -eq 1 ] || { echo "$bad: $output"; return 1; }
        [[ "$output" == "osslbench info: --lib $bad: "* ]]
    done
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBDIR"/libssl.so.3
    [[ "$output" == *"this is libssl, not libcrypto"* ]]
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBDIR"/libcrypt.so.1
    [[ "$output" == *"not an OpenSSL libcrypto"* ]]
}

@test "a bad library among good ones fails only its own rows" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --lib /nonexistent/libcrypto.so --quick --quiet \
        --workloads sha256 --sizes 16 --api evp --csv "$TMP/r.csv"
    [ "$status" -eq 1 ]
    [[ "$output" == *"--lib /nonexistent/libcrypto.so: No such file or directory"* ]]
    st=$(csv_col "$TMP/r.csv" status)
    [ "$(cut -d, -f"$st" "$TMP/r.csv" | tail -n +2 | sort | tr '\n' ' ')" = "load_failed ok " ]
}

@test "bad workload, API and size values: one line each, exit 2" {
    for args in "--workloads sha265" "--api evpp" "--sizes 0" "--sizes -5" "--sizes lots" "--sizes 1G" \
        "--time 0" "--precision 7" "--workloads rsa0"; do
        # shellcheck disable=SC2086
        run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" $args
        [ "$status" -eq 2 ] || { echo "$args: $output"; return 1; }
        [ "${#lines[@]}" -eq 1 ]
    done
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha265
    [[ "$output" == *"did you mean 'sha256'"* ]]
}

@test "an existing results file is never overwritten" {
    echo precious >"$TMP/r.csv"
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --workloads sha256 --sizes 16 --csv "$TMP/r.csv"
    [ "$status" -eq 2 ]
    [ "$(cat "$TMP/r.csv")" = precious ]
}

@test "a library built for another architecture or word size: one line, non-zero exit" {
    # e_machine of another architecture: AArch64 (183), or x86-64 (62) on an AArch64 host
    local other='\xb7' name=aarch64
    [[ $(uname -m) != aarch64 ]] || other='\x3e' name=x86-64
    cp "$SYSTEM_LIBCRYPTO" "$TMP/other.so"
    printf '%b\x00' "$other" | dd of="$TMP/other.so" bs=1 seek=18 conv=notrunc status=none
    run "$OSSLBENCH" info --lib "$TMP/other.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is built for another architecture ($name; this runner is "* ]]
    printf '\x02' | dd of="$TMP/other.so" bs=1 seek=5 conv=notrunc status=none # EI_DATA = big-endian
    run "$OSSLBENCH" info --lib "$TMP/other.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is a big-endian library; this runner is little-endian" ]]
    cp "$SYSTEM_LIBCRYPTO" "$TMP/32.so"
    printf '\x01' | dd of="$TMP/32.so" bs=1 seek=4 conv=notrunc status=none # EI_CLASS = 32-bit
    run "$OSSLBENCH" info --lib "$TMP/32.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is a 32-bit library; this runner is 64-bit" ]]
}

@test "paths with spaces, quotes and shell metacharacters are just paths" {
    weird="$TMP/dir with space/it's \$(touch pwned); \`x\`"
    mkdir -p "$weird"
    cp "$SYSTEM_LIBCRYPTO" "$weird/libcrypto.so.3"
    cd "$TMP"
    run "$OSSLBENCH" run --lib "$weird/libcrypto.so.3" --quick --quiet --workloads sha256 --sizes 16 \
        --csv "$TMP/out; rm -rf x.csv"
    [ "$status" -eq 0 ]
    [ -f "$TMP/out; rm -rf x.csv" ]
    [ ! -e "$TMP/pwned" ]
}
