#!/usr/bin/env bats
# tools/perftools-crosscheck.sh and its report: the map (tools/perftools-map.tsv) and its
# rendering in docs/perftools-map.md, the report's arithmetic and escaping, the script's
# refusal of bad input, and one whole run on a fake perftools (a stub checkout whose
# programs print perftools' terse output), since CI cannot fetch the real one.  The run
# against the real perftools happens only with PERFTOOLS set to a checkout of it.

load helpers

setup_file() {
    make -C "$ROOT" -s all >/dev/null
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

MAP="$ROOT/tools/perftools-map.tsv"
REPORT="$ROOT/tools/perftools-crosscheck-report.sh"
XCHECK="$ROOT/tools/perftools-crosscheck.sh"

# fake_perftools DIR: a checkout-shaped folder whose randbytes and rsasign print
# FAKE_PERFTOOLS_OUT (default 12.5) as perftools' -t does, and -V as perftools does.
fake_perftools() {
    mkdir -p "$1/source/perflib"
    : >"$1/source/perflib/perflib.h"
    cat >"$1/source/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.10)
project(fake-perftools C)
file(GLOB CRYPTO ${OPENSSL_ROOT_DIR}/lib/libcrypto.so.*)
foreach(t randbytes rsasign)
    add_executable(${t} fake.c)
    target_compile_definitions(${t} PRIVATE TEST_NAME="${t}")
    target_link_libraries(${t} ${CRYPTO})
endforeach()
EOF
    cat >"$1/source/fake.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
const char *OpenSSL_version(int t);
int main(int argc, char **argv)
{
    const char *out = getenv("FAKE_PERFTOOLS_OUT");
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-V") == 0) {
            fprintf(stderr, "%s version information:\n  OpenSSL library: %s (built on: now)\n", TEST_NAME, OpenSSL_version(0));
            return 0;
        }
    printf("%s\n", out != NULL ? out : "12.5");
    return 0;
}
EOF
}

# fake_install DIR: a builds/-shaped install of the system libcrypto (headers: a stub).
fake_install() {
    mkdir -p "$1/lib" "$1/include/openssl"
    : >"$1/include/openssl/opensslv.h"
    cp "$SYSTEM_LIBCRYPTO" "$1/lib/"
    cp "$SYSTEM_LIBDIR"/libssl.so.3 "$1/lib/" 2>/dev/null || true
}

# A small map: randbytes against rand's 32-byte block, and rsasign against a workload
# bin/osslbench does not have (a line of a branch not merged yet).
small_map() {
    sed -n '/^test\t/p; /^randbytes\t/p' "$MAP" >"$TMP/map.tsv"
    printf 'rsasign\t-\t1\tno-such-wl\tevp\tsign\t-\t1.1.1\tsame\tnot merged\n' >>"$TMP/map.tsv"
}

@test "perftools map: header, 10 columns, known match kinds, a workload exactly unless none" {
    run awk -F'\t' '!/^#/ && NF {
        if (!hdr++) { if ($0 != "test\toptions\tvalue\tworkload\tapi\top\tbytes\tfrom\tmatch\twhy") { print "bad header"; bad = 1 } next }
        if (NF != 10) { print "columns: " $0; bad = 1 }
        if ($9 !~ /^(same|near|differs|none)$/) { print "match: " $0; bad = 1 }
        if (($9 == "none") != ($4 == "-")) { print "workload vs none: " $0; bad = 1 }
        if ($8 !~ /^[0-9]+\.[0-9]+(\.[0-9]+)?$/) { print "from: " $0; bad = 1 }
    } END { exit bad }' "$MAP"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "docs/perftools-map.md shows the perftools map exactly as the TSV renders it" {
    run "$REPORT" --map
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -ge 10 ]
    local rendered=$output
    run awk '/<!-- perftools-map:begin -->/ { on = 1; next } /<!-- perftools-map:end -->/ { on = 0 } on' "$ROOT/docs/perftools-map.md"
    [ "$output" = "$rendered" ] || { diff <(echo "$rendered") <(echo "$output"); false; }
}

@test "perftools report: each tool's B/A from per-round ratios, agreement within 5%, cells escaped" {
    local h=$'round\tlabel\tversion\ttest\toptions\tworkload\tapi\top\tmatch\tperftools_us\tosslbench_rate\tunit'
    {
        echo "$h"
        # perftools: A 10 us, B 5 us = B twice as fast; osslbench: 100 -> 210 (2.1: 5% off, agrees)
        printf '1\tA\t1.1.1w\trandbytes\t-\trand\tlegacy\tgenerate\tsame\t10\t100\tB/s\n'
        printf '1\tB\t3.0.20\trandbytes\t-\trand\tlegacy\tgenerate\tsame\t5\t210\tB/s\n'
        # 2 against 3: no
        printf '1\tA\t1.1.1w\tpkeyread\t-k a|b\trsa-load2048\tevp\tload\tnear\t10\t100\top/s\n'
        printf '1\tB\t3.0.20\tpkeyread\t-k a|b\trsa-load2048\tevp\tload\tnear\t5\t300\top/s\n'
    } >"$TMP/raw.tsv"
    run "$REPORT" "$TMP/raw.tsv"
    [ "$status" -eq 0 ]
    [[ $output == *"| randbytes |  | rand/legacy/generate | same | B/A | 2.000 [2.000-2.000] | 2.100 [2.100-2.100] | 1.050 | yes |"* ]]
    [[ $output == *'| pkeyread | -k a\|b | rsa-load2048/evp/load | near | B/A | 2.000 [2.000-2.000] | 3.000 [3.000-3.000] | 1.500 | no |'* ]]
    run "$REPORT" --pair B:A "$TMP/raw.tsv"
    [[ $output == *"| randbytes |  | rand/legacy/generate | same | A/B | 0.500 [0.500-0.500] | 0.476 [0.476-0.476] | 0.952 | yes |"* ]]
}

@test "perftools report: refuses what is not its data" {
    run "$REPORT" "$TMP/missing.tsv"
    [ "$status" -eq 2 ]
    [[ $output == "perftools-crosscheck-report: cannot read"* ]]
    printf 'a\tb\n' >"$TMP/x.tsv"
    run "$REPORT" "$TMP/x.tsv"
    [ "$status" -eq 2 ]
    [[ $output == *"not a perftools-crosscheck data file"* ]]
    run "$REPORT" --bogus "$TMP/x.tsv"
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--bogus'"* ]]
}

@test "perftools cross-check: every bad argument is a one-line error and exit 2" {
    fake_perftools "$TMP/pt"
    fake_install "$TMP/lib1"
    printf 'test\toptions\nrandbytes\t-\n' >"$TMP/short.tsv"
    sed 's/^randbytes\t-\t1\t/randbytes\t-\tx\t/' "$MAP" >"$TMP/badvalue.tsv"
    local cases=(
        "PERFTOOLS= $TMP/lib1|give PERFTOOLS=DIR"
        "PERFTOOLS=$TMP $TMP/lib1|is not a perftools checkout"
        "PERFTOOLS=$TMP/pt|give at least one install folder"
        "PERFTOOLS=$TMP/pt --rounds 0 $TMP/lib1|--rounds must be a positive integer"
        "PERFTOOLS=$TMP/pt --time x $TMP/lib1|--time must be a positive number"
        "PERFTOOLS=$TMP/pt --bogus $TMP/lib1|unknown option '--bogus'"
        "PERFTOOLS=$TMP/pt --map $TMP/none.tsv $TMP/lib1|cannot read the map"
        "PERFTOOLS=$TMP/pt --map $TMP/short.tsv $TMP/lib1|every line needs 10 TAB-separated columns"
        "PERFTOOLS=$TMP/pt --map $TMP/badvalue.tsv $TMP/lib1|value must be 1-9"
        "PERFTOOLS=$TMP/pt --cpu 99999 $TMP/lib1|cannot pin to CPU"
        "PERFTOOLS=$TMP/pt --work $ROOT/build/pt $TMP/lib1|--work must be outside the repository"
        "PERFTOOLS=$TMP/pt --tests nosuch $TMP/lib1|nothing to compare"
        "PERFTOOLS=$TMP/pt $TMP/nolib|no lib/libcrypto.so.*"
        "PERFTOOLS=$TMP/pt --pair x:y $TMP/lib1|--pair 'x:y' does not name two"
    )
    local c args
    for c in "${cases[@]}"; do
        read -ra args <<<"${c%%|*}"
        run "$XCHECK" "${args[@]}"
        [ "$status" -eq 2 ] || { echo "${c%%|*}: status $status: $output"; false; }
        [ "${#lines[@]}" -eq 1 ] || { echo "${c%%|*}: $output"; false; }
        [[ $output == "perftools-crosscheck: "*"${c#*|}"* ]] || { echo "${c%%|*}: $output"; false; }
    done
}

@test "perftools cross-check: a whole run on a fake perftools writes the report and the page" {
    command -v cmake >/dev/null || skip "no cmake"
    fake_perftools "$TMP/pt"
    fake_install "$TMP/old"
    fake_install "$TMP/new"
    small_map
    run "$XCHECK" PERFTOOLS="$TMP/pt" --map "$TMP/map.tsv" --rounds 2 --time 0.2 --work "$TMP/work" \
        --raw "$TMP/raw.tsv" --doc "$TMP/page.md" "$TMP/old" "$TMP/new"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"| randbytes |  | rand/legacy/generate | same | new/old | 1.000 [1.000-1.000] | "* ]]
    [ "$(awk -F'\t' 'NR > 1 && $10 == 12.5 && $11 > 0' "$TMP/raw.tsv" | wc -l)" -eq 4 ]
    grep -q '^<!-- perftools-map:begin -->$' "$TMP/page.md"
    grep -q '^| randbytes |  | rand/legacy/generate | same | new/old |' "$TMP/page.md"
    [[ $output == *"perftools-crosscheck: old: skipped rsasign - <-> no-such-wl/evp/sign: bin/osslbench has no workload no-such-wl"* ]]
    grep -qx -- '- old: rsasign against no-such-wl/evp/sign: bin/osslbench has no workload no-such-wl (not merged yet?)' "$TMP/page.md"
    # perftools is built in --work, never in the checkout
    [ ! -e "$TMP/pt/source/config.h" ]
    [ -x "$TMP/work/build-old/randbytes" ]
}

@test "perftools cross-check: a test that prints no time per call stops the run with its message" {
    command -v cmake >/dev/null || skip "no cmake"
    fake_perftools "$TMP/pt"
    fake_install "$TMP/old"
    small_map
    FAKE_PERFTOOLS_OUT="Error during test" run "$XCHECK" PERFTOOLS="$TMP/pt" --map "$TMP/map.tsv" --rounds 1 --time 0.2 \
        --work "$TMP/work" --doc - "$TMP/old"
    [ "$status" -eq 2 ]
    [[ ${lines[-1]} == "perftools-crosscheck: old: perftools randbytes - printed no time per call: Error during test" ]]
}

@test "perftools cross-check against the real perftools (PERFTOOLS=checkout)" {
    [[ -n ${PERFTOOLS:-} ]] || skip "PERFTOOLS is not set to a checkout of openssl/perftools"
    local lib
    lib=$(installed_libcryptos | head -n1)
    [[ -n $lib ]] || skip "no builds/install/ library"
    run "$XCHECK" PERFTOOLS="$PERFTOOLS" --tests randbytes --rounds 1 --time 0.5 --doc - "$(dirname "$(dirname "$lib")")"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"| randbytes |  | rand/legacy/generate |"* ]]
}
