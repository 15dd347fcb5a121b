#!/usr/bin/env bats
# run --provider / --propquery (issue 21, point 3) against the system 3.x
# (its legacy.so in its own modules folder) and a real 1.1.1w, and the
# PROVIDERS= knob of make compare.  rc4 is one of the legacy provider's
# algorithms on 3.x.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    T=$BATS_TEST_TMPDIR
}

# The status and note of each API path of a one-workload CSV: "api status note".
rows_of() {
    awk -F, -v a="$(csv_col "$1" api)" -v s="$(csv_col "$1" status)" -v n="$(csv_col "$1" note)" \
        'NR > 1 { print $a " " $s " " $n }' "$1"
}

need_system_3x() {
    local v
    v=$("$OSSLBENCH" info --lib "$SYSTEM_LIBCRYPTO" 2>/dev/null | awk '$1 == "release" { print $2 }')
    [[ $v == 3.* ]] || skip "the system libcrypto is not a 3.x ($v)"
}

lib111() {
    LIB111=$(libcrypto_111 2>/dev/null) || LIB111=$ROOT/builds/install/1.1.1w/lib/libcrypto.so.1.1
    [[ -f $LIB111 ]] || skip "no real 1.1.1w libcrypto (Debian bullseye download failed, nothing in builds/install)"
}

@test "3.x without --provider: rc4 through EVP says where it is; with --provider legacy it runs" {
    need_system_3x
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads rc4 --sizes 16 --quick --quiet --csv "$T/without.csv"
    [ "$status" -eq 0 ]
    run rows_of "$T/without.csv"
    [[ $output == *"evp unsupported in the legacy provider on 3.x: --provider legacy"* ]]
    [[ $output == *"fetch unsupported in the legacy provider on 3.x: --provider legacy"* ]]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --provider legacy --workloads rc4 --sizes 16 --quick --quiet --csv "$T/with.csv"
    [ "$status" -eq 0 ]
    run rows_of "$T/with.csv"
    [ "$output" = $'legacy ok \nevp ok \nfetch ok ' ]
}

@test "the providers column lists each provider loaded with its version; propquery its query" {
    need_system_3x
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --provider legacy --propquery provider=default \
        --workloads sha256 --sizes 16 --api evp --quick --quiet --csv "$T/r.csv"
    [ "$status" -eq 0 ]
    local v
    v=$(csv_col "$T/r.csv" version)
    v=$(awk -F, -v c="$v" 'NR == 2 { print $c }' "$T/r.csv")
    run awk -F, -v c="$(csv_col "$T/r.csv" providers)" 'NR > 1 { print $c }' "$T/r.csv"
    [ "$output" = "default:$v legacy:$v" ]
    run awk -F, -v c="$(csv_col "$T/r.csv" propquery)" 'NR > 1 { print $c }' "$T/r.csv"
    [ "$output" = "provider=default" ]
    # without --provider: what the library has by itself
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha256 --sizes 16 --api evp --quick --quiet --csv "$T/plain.csv"
    [ "$status" -eq 0 ]
    run awk -F, -v c="$(csv_col "$T/plain.csv" providers)" 'NR > 1 { print $c }' "$T/plain.csv"
    [ "$output" = "default:$v" ]
}

@test "no ossl-modules beside the library: its own modules folder (it says which), not the caller's OPENSSL_MODULES" {
    need_system_3x
    mkdir "$T/lib"
    cp "$SYSTEM_LIBCRYPTO" "$T/lib/"
    run env OPENSSL_MODULES="$T/none" "$OSSLBENCH" run --lib "$T/lib/$(basename "$SYSTEM_LIBCRYPTO")" --provider legacy \
        --workloads rc4 --sizes 16 --api evp --quick --quiet --csv "$T/r.csv"
    [ "$status" -eq 0 ]
    run rows_of "$T/r.csv"
    [ "$output" = "evp ok " ]
    local own
    own=$("$OSSLBENCH" info --lib "$SYSTEM_LIBCRYPTO" | sed -n 's/^ *modules_dir *MODULESDIR: "\(.*\)"$/\1/p')
    [ -n "$own" ]
    run "$OSSLBENCH" run --lib "$T/lib/$(basename "$SYSTEM_LIBCRYPTO")" --provider nonexistent --workloads rc4 --quick
    [ "$status" -eq 2 ]
    [[ $output == *"provider 'nonexistent' did not load (modules from $own): "* ]]
}

@test "a provider that does not load: its one line, exit 2, nothing measured, no CSV" {
    need_system_3x
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --provider nonexistent --workloads sha256 --sizes 16 --quick --csv "$T/r.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "osslbench run: --lib $SYSTEM_LIBCRYPTO: provider 'nonexistent' did not load (modules from /"* ]]
    [ ! -e "$T/r.csv" ]
    [ ! -e "$T/r.csv.partial" ]
}

@test "a propquery no provider matches: those paths are unsupported and say why; no kat_failed" {
    need_system_3x
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --provider legacy --propquery provider=nonexistent \
        --workloads sha256,rc4 --sizes 16 --quick --quiet --csv "$T/r.csv"
    [ "$status" -eq 0 ]
    run rows_of "$T/r.csv"
    [[ $output == *"legacy ok "* ]]
    [[ $output == *"fetch unsupported no implementation matches --propquery 'provider=nonexistent' (EVP_MD_fetch(SHA256) found no implementation in the loaded providers)"* ]]
    [[ $output == *"evp unsupported no implementation matches --propquery 'provider=nonexistent' ("* ]]
    [[ $output != *kat_failed* ]]
    # a query the library cannot parse is the library's one line
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --propquery 'provider=' --workloads sha256 --sizes 16 --quick --csv "$T/bad.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"--propquery 'provider=' is not a property query"* ]]
    [ ! -e "$T/bad.csv" ]
}

@test "before 3.0: --provider legacy is ignored with a note (built in); fips and --propquery are refused" {
    lib111
    run "$OSSLBENCH" run --lib "$LIB111" --provider legacy --workloads rc4 --sizes 16 --api evp --quick --csv "$T/r.csv"
    [ "$status" -eq 0 ]
    [[ $output == *"osslbench: 1.1.1w: --provider ignored: 1.1.1w has no providers; their algorithms are built in"* ]]
    run rows_of "$T/r.csv"
    [ "$output" = "evp ok " ]
    run awk -F, -v c="$(csv_col "$T/r.csv" providers)" 'NR > 1 { print "[" $c "]" }' "$T/r.csv"
    [ "$output" = "[]" ]
    run "$OSSLBENCH" run --lib "$LIB111" --provider fips --workloads rc4 --sizes 16 --quick --csv "$T/fips.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: --lib $LIB111: --provider fips needs OpenSSL 3.0 or later (1.1.1w has no providers)" ]
    run "$OSSLBENCH" run --lib "$LIB111" --propquery fips=yes --workloads rc4 --sizes 16 --quick --csv "$T/pq.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: --lib $LIB111: --propquery needs OpenSSL 3.0 or later (1.1.1w has no providers)" ]
    [ ! -e "$T/fips.csv" ]
    [ ! -e "$T/pq.csv" ]
}

@test "bad --provider / --propquery values: one line each, exit 2, nothing loaded" {
    local args
    while IFS='|' read -r args want; do
        read -r -a words <<<"$args"
        run "$OSSLBENCH" run --plan --lib x "${words[@]}"
        [ "$status" -eq 2 ] || { echo "$args: $output"; false; }
        [ "${#lines[@]}" -eq 1 ]
        [ "$output" = "osslbench run: $want" ] || { echo "$args: $output"; false; }
    done <<'CASES'
--provider legacy --provider legacy|provider legacy is given twice
--provider --quiet|--provider needs a value, got --quiet
--propquery a --propquery b|--propquery is given twice
--provider a --provider b --provider c --provider d --provider e --provider f --provider g --provider h --provider i|at most 8 providers
CASES
    run "$OSSLBENCH" run --plan --lib x --provider ''
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: --provider needs a value, got an empty one" ]
}

@test "make compare PROVIDERS=legacy,default: each name reaches the runner as --provider" {
    need_system_3x
    compare_env
    run make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 SYSTEM_LIB=none LIBS="$SYSTEM_LIBCRYPTO" \
        WORKLOADS=rc4 SIZES=16 API=evp PROVIDERS=legacy,default RESULTS_ROOT="$RES"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run rows_of "$RES/latest/results.csv"
    [ "$output" = "evp ok " ]
    run awk -F, -v c="$(csv_col "$RES/latest/results.csv" providers)" 'NR > 1 { print $c }' "$RES/latest/results.csv"
    [[ $output == "default:"*" legacy:"* ]]
    run make -s -C "$ROOT" compare NO_BUILD=1 RESULTS_ROOT="$RES" PROVIDERS='legacy;touch x'
    [ "$status" -eq 2 ]
    [[ $(own_errors "$output") == "compare: error: PROVIDERS: 'legacy;touch x' is not a list of names, comma- or space-separated (nothing was built or run)" ]]
}

@test "build identity: 3.x modules=1 by default (OSSLBENCH_MODULES=0: 0); before 3.0 stays modules=0" {
    # shellcheck disable=SC2016 # $1 and $2 are the inner shell's arguments
    ident() { env -u OSSLBENCH_MODULES "$@" bash -c 'source "$1/builds/lib.sh"; build_identity "$2"' _ "$ROOT" "$ORIGIN"; }
    ORIGIN=$'3.5.7\t3\topenssl-3.5.7.tar.gz\tab12 noasm=0'
    run ident
    [[ $output == *"|modules=1" ]]
    run ident OSSLBENCH_MODULES=0
    [[ $output == *"|modules=0" ]]
    ORIGIN=$'1.1.1w\t1.1\topenssl-1.1.1w.tar.gz\tcd34 noasm=0'
    run ident
    [[ $output == *"|modules=0" ]]
    ORIGIN="git 0123abcd noasm=0 gen=1.0"
    run ident OSSLBENCH_MODULES=1
    [[ $output == *"|modules=0" ]]
    ORIGIN="git 0123abcd noasm=0 gen="
    run ident
    [[ $output == *"|modules=1" ]]
}
