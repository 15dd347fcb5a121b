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
RAW_HEADER=$'round\tlabel\tversion\ttest\toptions\tworkload\tapi\top\tmatch\tperftools_us\tosslbench_rate\tunit\tfrom\tbefore'

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
    printf 'rsasign\t-\t1\tno-such-wl\tevp\tsign\t-\t1.1.1\t-\tsame\tnot merged\n' >>"$TMP/map.tsv"
}

@test "perftools map: header, 11 columns, known match kinds, a workload exactly unless none" {
    run awk -F'\t' '!/^#/ && NF {
        if (!hdr++) { if ($0 != "test\toptions\tvalue\tworkload\tapi\top\tbytes\tfrom\tbefore\tmatch\twhy") { print "bad header"; bad = 1 } next }
        if (NF != 11) { print "columns: " $0; bad = 1 }
        if ($10 !~ /^(same|near|differs|none)$/) { print "match: " $0; bad = 1 }
        if (($10 == "none") != ($4 == "-")) { print "workload vs none: " $0; bad = 1 }
        if ($8 !~ /^[0-9]+\.[0-9]+(\.[0-9]+)?$/) { print "from: " $0; bad = 1 }
        if ($9 !~ /^(-|[0-9]+\.[0-9]+(\.[0-9]+)?)$/) { print "before: " $0; bad = 1 }
    } END { exit bad }' "$MAP"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

@test "perftools map: a range that stops (before) goes on in a line of the same test from there" {
    # Each before must be after its from and be the from of a line of the same test and
    # options, or a release past it would be measured on nothing without a word.
    run awk -F'\t' '!/^#/ && NF { if (!hdr++) next; n++; t[n] = $1 "\t" $2; f[n] = $8; b[n] = $9 }
        END {
            for (i = 1; i <= n; i++) {
                if (b[i] == "-") continue
                if (b[i] == f[i]) { print "empty range: " t[i]; bad = 1 }
                ok = 0
                for (j = 1; j <= n; j++) if (t[j] == t[i] && f[j] == b[i]) ok = 1
                if (!ok) { print "no line from " b[i] ": " t[i]; bad = 1 }
            }
            exit bad
        }' "$MAP"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # 3.5 made X25519MLKEM768 the default group: perftools' handshake is paired with it from there.
    [ "$(awk -F'\t' '$1 == "handshake" && $2 == "CERTDIR" && $9 == "3.5" { print $4 }' "$MAP")" = tls13-ecdsa-p256-x25519-shared ]
    [ "$(awk -F'\t' '$1 == "handshake" && $2 == "CERTDIR" && $8 == "3.5" { print $4 }' "$MAP")" = tls13-ecdsa-p256-x25519mlkem768 ]
    [ "$(awk -F'\t' '$1 == "handshake" && $2 == "-s CERTDIR" && $8 == "3.5" { print $4 }' "$MAP")" = tls13-ecdsa-p256-x25519mlkem768 ]
    "$OSSLBENCH" list --workloads | grep -q '^  tls13-ecdsa-p256-x25519mlkem768 '
    grep -qiE 'x25519mlkem768|mlkem' "$ROOT/docs/perftools-map.md"
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
    {
        echo "$RAW_HEADER"
        # perftools: A 10 us, B 5 us = B twice as fast; osslbench: 100 -> 210 (2.1: 5% off, agrees)
        printf '1\tA\t1.1.1w\trandbytes\t-\trand\tlegacy\tgenerate\tsame\t10\t100\tB/s\t1.1.1\t-\n'
        printf '1\tB\t3.0.20\trandbytes\t-\trand\tlegacy\tgenerate\tsame\t5\t210\tB/s\t1.1.1\t-\n'
        # 2 against 3: no
        printf '1\tA\t1.1.1w\tpkeyread\t-k a|b\trsa-load2048\tevp\tload\tnear\t10\t100\top/s\t1.1.1\t-\n'
        printf '1\tB\t3.0.20\tpkeyread\t-k a|b\trsa-load2048\tevp\tload\tnear\t5\t300\top/s\t1.1.1\t-\n'
    } >"$TMP/raw.tsv"
    run "$REPORT" "$TMP/raw.tsv"
    [ "$status" -eq 0 ]
    [[ $output == *"| randbytes |  | rand/legacy/generate | same | B/A | 2.000 [2.000-2.000] | 2.100 [2.100-2.100] | 1.050 | yes |"* ]]
    [[ $output == *'| pkeyread | -k a\|b | rsa-load2048/evp/load | near | B/A | 2.000 [2.000-2.000] | 3.000 [3.000-3.000] | 1.500 | no |'* ]]
    run "$REPORT" --pair B:A "$TMP/raw.tsv"
    [[ $output == *"| randbytes |  | rand/legacy/generate | same | A/B | 0.500 [0.500-0.500] | 0.476 [0.476-0.476] | 0.952 | yes |"* ]]
}

@test "perftools report: a pair across two ranges compares each release on its own range's line, and says so" {
    {
        echo "$RAW_HEADER"
        for r in 1 2; do
            # old: X25519 line up to 3.5; new, newer: X25519MLKEM768 line from 3.5 (perftools 200 and 250 us)
            printf '%s\told\t1.1.1w\thandshake\tCERTDIR\ttls-x\tssl\tfull\tnear\t100\t1000\top/s\t1.1.1\t3.5\n' "$r"
            printf '%s\tmid\t3.0.20\thandshake\tCERTDIR\ttls-x\tssl\tfull\tnear\t125\t800\top/s\t1.1.1\t3.5\n' "$r"
            printf '%s\tnew\t3.5.7\thandshake\tCERTDIR\ttls-m\tssl\tfull\tdiffers\t200\t490\top/s\t3.5\t-\n' "$r"
            printf '%s\tnewer\t4.0.2\thandshake\tCERTDIR\ttls-m\tssl\tfull\tdiffers\t250\t400\top/s\t3.5\t-\n' "$r"
            # another test that stops at 3.5 with no line from there: a pair across has no row
            printf '%s\told\t1.1.1w\tsslnew\t-\tssl-new\tssl\tnew\tsame\t1\t10\top/s\t1.1.1\t3.5\n' "$r"
            printf '%s\tnew\t3.5.7\tsslnew\t-k\tssl-new\tssl\tnew\tsame\t1\t10\top/s\t3.5\t-\n' "$r"
        done
    } >"$TMP/raw.tsv"
    run "$REPORT" --pair old:mid --pair old:new --pair new:old --pair new:newer "$TMP/raw.tsv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"| handshake | CERTDIR | tls-x/ssl/full | near | mid/old | 0.800 [0.800-0.800] | 0.800 [0.800-0.800] | 1.000 | yes |"* ]]
    # the worse match of the two lines, both lines named with their releases
    [[ $output == *"| handshake | CERTDIR | tls-x/ssl/full on old, tls-m/ssl/full on new | differs | new/old | 0.500 [0.500-0.500] | 0.490 [0.490-0.490] | 0.980 | yes |"* ]]
    [[ $output == *"| handshake | CERTDIR | tls-m/ssl/full on new, tls-x/ssl/full on old | differs | old/new | 2.000 [2.000-2.000] | 2.041 [2.041-2.041] | 1.020 | yes |"* ]]
    [[ $output == *"| handshake | CERTDIR | tls-m/ssl/full | differs | newer/new | 0.800 [0.800-0.800] | 0.816 [0.816-0.816] | 1.020 | yes |"* ]]
    [[ $output == *"A row naming two osslbench lines spans two ranges of one perftools test"* ]]
    # one row per pair; none for a line measured on one release only, nor across two options
    [ "$(grep -cE '^\| handshake \| CERTDIR \| [^|]* \| (near|differs) \| [a-z]+/[a-z]+ \|' <<<"$output")" -eq 4 ]
    [ "$(grep -cE '^\| sslnew \|.*\| (same|near|differs) \| [a-z]+/[a-z]+ \|' <<<"$output")" -eq 0 ]
    # a pair within one range names one line and no footnote
    run "$REPORT" --pair old:mid "$TMP/raw.tsv"
    [[ $output != *"spans two ranges"* ]]
    # edited data whose ranges loop through lines neither release was measured on still end
    {
        echo "$RAW_HEADER"
        printf '1\told\t1.1.1w\tt\t-\tw1\tssl\tfull\tsame\t1\t1\top/s\t1.0\t2.0\n'
        printf '1\tmid\t3.0.20\tt\t-\tw2\tssl\tfull\tsame\t1\t1\top/s\t2.0\t3.0\n'
        printf '1\tnewer\t4.0.2\tt\t-\tw3\tssl\tfull\tsame\t1\t1\top/s\t3.0\t2.0\n'
        printf '1\tnew\t3.5.7\tt\t-\tw4\tssl\tfull\tsame\t1\t1\top/s\t9.0\t-\n'
    } >"$TMP/loop.tsv"
    run timeout 10 "$REPORT" --pair old:new "$TMP/loop.tsv"
    [ "$status" -eq 0 ] || { echo "status $status: $output"; false; }
    [[ $output != *" on new "* ]]
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
    # shellcheck disable=SC2016  # a before that is shell text, never run
    sed 's/^\(randbytes\t\([^\t]*\t\)\{7\}\)-\t/\1$(id)\t/' "$MAP" >"$TMP/badbefore.tsv"
    sed 's/^\(randbytes\t\([^\t]*\t\)\{7\}\)-\t/\11.1.1\t/' "$MAP" >"$TMP/emptyrange.tsv"
    local cases=(
        "PERFTOOLS= $TMP/lib1|give PERFTOOLS=DIR"
        "PERFTOOLS=$TMP $TMP/lib1|is not a perftools checkout"
        "PERFTOOLS=$TMP/pt|give at least one install folder"
        "PERFTOOLS=$TMP/pt --rounds 0 $TMP/lib1|--rounds must be a positive integer"
        "PERFTOOLS=$TMP/pt --time x $TMP/lib1|--time must be a positive number"
        "PERFTOOLS=$TMP/pt --bogus $TMP/lib1|unknown option '--bogus'"
        "PERFTOOLS=$TMP/pt --max-load 0 --max-wait 1 --doc - $TMP/lib1|--max-load must be a positive load average"
        "PERFTOOLS=$TMP/pt --max-load 1,5 --max-wait 1 --doc - $TMP/lib1|--max-load must be a positive load average"
        "PERFTOOLS=$TMP/pt --max-load 1 --max-wait -1 --doc - $TMP/lib1|--max-wait must be a whole number"
        "PERFTOOLS=$TMP/pt --map $TMP/none.tsv $TMP/lib1|cannot read the map"
        "PERFTOOLS=$TMP/pt --map $TMP/short.tsv $TMP/lib1|every line needs 11 TAB-separated columns"
        "PERFTOOLS=$TMP/pt --map $TMP/badvalue.tsv $TMP/lib1|value must be 1-9"
        "PERFTOOLS=$TMP/pt --map $TMP/badbefore.tsv $TMP/lib1|before - or one"
        "PERFTOOLS=$TMP/pt --map $TMP/emptyrange.tsv $TMP/lib1|line 'randbytes -': before 1.1.1 is not after from 1.1.1"
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
    # the machine's load at both ends of the run, beside its figures
    grep -qE '^Run: .*, load average \(1, 5, 15 minutes\) [0-9.]+, [0-9.]+, [0-9.]+ at the start, [0-9.]+, [0-9.]+, [0-9.]+ at the end\.$' "$TMP/page.md"
    grep -q '^| randbytes |  | rand/legacy/generate | same | new/old |' "$TMP/page.md"
    [[ $output == *"perftools-crosscheck: old: skipped rsasign - <-> no-such-wl/evp/sign: bin/osslbench has no workload no-such-wl"* ]]
    grep -qx -- '- old: rsasign against no-such-wl/evp/sign: bin/osslbench has no workload no-such-wl (not merged yet?)' "$TMP/page.md"
    # a load never low enough: the run waits --max-wait, then measures and says so
    run "$XCHECK" PERFTOOLS="$TMP/pt" --map "$TMP/map.tsv" --rounds 1 --time 0.2 --work "$TMP/work" \
        --max-load 0.00001 --max-wait 1 --doc - "$TMP/old"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    if [[ $(cut -d' ' -f1 /proc/loadavg) != 0.00 ]]; then
        [[ $output == *"perftools-crosscheck: waiting until the 1-minute load average ("*") is below 0.00001 (at most 1 s)"* ]]
        [[ $output == *"perftools-crosscheck: the 1-minute load average is "*", not below 0.00001, after 1 s: measuring anyway"* ]]
    fi
    [[ $output == *"| randbytes |  | rand/legacy/generate | old (3."* ]]
    # perftools is built in --work, never in the checkout
    [ ! -e "$TMP/pt/source/config.h" ]
    [ -x "$TMP/work/build-old/randbytes" ]
}

@test "perftools cross-check: a release past a line's before is measured on the line of its range only" {
    command -v cmake >/dev/null || skip "no cmake"
    fake_perftools "$TMP/pt"
    fake_install "$TMP/old"
    fake_install "$TMP/new"
    # randbytes against rand up to 3.0, against md-fetch from 3.0: the system library is 3.x.
    sed -n '/^test\t/p' "$MAP" >"$TMP/map.tsv"
    printf 'randbytes\t-\t1\trand\tlegacy\tgenerate\t32\t1.1.1\t3.0\tsame\tup to 3.0\n' >>"$TMP/map.tsv"
    printf 'randbytes\t-\t1\tmd-fetch\tfetch\tlookup\t-\t3.0\t-\tnear\tfrom 3.0\n' >>"$TMP/map.tsv"
    run "$XCHECK" PERFTOOLS="$TMP/pt" --map "$TMP/map.tsv" --rounds 1 --time 0.2 --work "$TMP/work" \
        --raw "$TMP/raw.tsv" --doc "$TMP/page.md" "$TMP/old" "$TMP/new"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [[ $output == *"perftools-crosscheck: old: skipped randbytes - <-> rand/legacy/generate: the map pairs them before 3.0 only"* ]]
    [[ $output == *"| randbytes |  | md-fetch/fetch/lookup | near | new/old | 1.000 [1.000-1.000] | "* ]]
    [[ $output != *"rand/legacy/generate | same | new/old"* ]]
    # the raw data carry each line's range
    [ "$(awk -F'\t' 'NR > 1 && $6 == "md-fetch" && $13 == "3.0" && $14 == "-"' "$TMP/raw.tsv" | wc -l)" -eq 2 ]
    [ "$(awk -F'\t' 'NR > 1 && $6 == "rand"' "$TMP/raw.tsv" | wc -l)" -eq 0 ]
    grep -qx -- '- new: randbytes against rand/legacy/generate: the map pairs them before 3.0 only' "$TMP/page.md"
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
