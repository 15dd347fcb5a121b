#!/usr/bin/env bats
# `make builds-forks` (builds/build-fork.sh, builds/forks.tsv): a clone that is
# missing, not a clone, without the tag or of another fork fails with one line
# and installs nothing; a small fake BoringSSL tree (a CMake project around
# tests/faults/fault_lib.c, made here: no snapshot needed) goes all the way to
# builds/install; real fork builds under builds/install, when there, are
# named and measured as the forks they are.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    TMP=$(mktemp -d)
    export OSSLBENCH_BUILDS_DIR=$TMP/builds OSSLBENCH_TARBALLS=$TMP/tarballs
    unset LIBRESSL_GIT AWSLC_GIT BORINGSSL_GIT LIBRESSL_REF AWSLC_REF BORINGSSL_REF FORKS FORCE
}

teardown() {
    rm -rf -- "$TMP"
}

# fake_repo DIR TAG HEADER_LINE: a git repository whose tag holds a tree with
# include/openssl/base.h (and, for BoringSSL, a CMake project of the fault
# library answering as BoringSSL, and a libssl target beside it, as the
# recipe builds both).
fake_repo() {
    mkdir -p "$1/include/openssl"
    printf '%s\n' "$3" >"$1/include/openssl/base.h"
    cp "$ROOT/tests/faults/fault_lib.c" "$1/"
    printf 'int fake_ssl_marker(void) { return 1; }\n' >"$1/fake_ssl.c"
    printf '%s\n' 'cmake_minimum_required(VERSION 3.16)' 'project(fake C)' \
        'add_library(crypto fault_lib.c)' 'target_compile_definitions(crypto PRIVATE AS_BORINGSSL)' \
        'add_library(ssl fake_ssl.c)' >"$1/CMakeLists.txt"
    git -C "$1" init -q
    git -C "$1" add -A
    git -C "$1" -c user.name=t -c user.email=t@invalid commit -q -m fake
    git -C "$1" tag "$2"
}

installed() { find "$OSSLBENCH_BUILDS_DIR" -path '*/install/*' -name 'libcrypto.so*' 2>/dev/null | wc -l; }

@test "no clone given: one line, non-zero, nothing installed" {
    run "$ROOT/builds/build-fork.sh"
    [ "$status" -ne 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"set LIBRESSL_GIT, AWSLC_GIT or BORINGSSL_GIT"* ]]
    [ "$(installed)" -eq 0 ]
}

@test "make builds-forks with a missing folder, a non-clone, a clone without the tag: one line each" {
    run make -s -C "$ROOT" builds-forks LIBRESSL_GIT="$TMP/nope"
    [ "$status" -ne 0 ]
    [[ $output == *"LIBRESSL_GIT: '$TMP/nope' is not a folder"* ]]
    [ "$(grep -c 'error' <<<"$output")" -eq 1 ]
    mkdir "$TMP/plain"
    run make -s -C "$ROOT" builds-forks AWSLC_GIT="$TMP/plain"
    [ "$status" -ne 0 ]
    [[ $output == *"AWSLC_GIT: '$TMP/plain' is not a git clone"* ]]
    fake_repo "$TMP/boring" 0.20990101.0 '#define BORINGSSL_API_VERSION 1'
    run make -s -C "$ROOT" builds-forks BORINGSSL_GIT="$TMP/boring"
    [ "$status" -ne 0 ]
    [[ $output == *"BORINGSSL_GIT: no ref '0.20260813.0' in $TMP/boring (BORINGSSL_REF=<tag> picks another)"* ]]
    [ "$(installed)" -eq 0 ]
}

@test "a clone of another fork is refused before anything is built, also when another fork is fine" {
    fake_repo "$TMP/boring" 0.20990101.0 '#define BORINGSSL_API_VERSION 1'
    # LibreSSL (checked first) is fine: its header names it
    printf '#define LIBRESSL_VERSION_TEXT "LibreSSL 9.9.9"\n' >"$TMP/boring/include/openssl/opensslv.h"
    git -C "$TMP/boring" add -A
    git -C "$TMP/boring" -c user.name=t -c user.email=t@invalid commit -q -m libressl
    git -C "$TMP/boring" tag V9.9.9.0
    run env LIBRESSL_GIT="$TMP/boring" LIBRESSL_REF=V9.9.9.0 AWSLC_GIT="$TMP/boring" AWSLC_REF=0.20990101.0 \
        "$ROOT/builds/build-fork.sh"
    [ "$status" -ne 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == *"AWSLC_GIT: 0.20990101.0 of $TMP/boring is no AWS-LC tree (include/openssl/base.h does not say so)"* ]]
    [ ! -e "$OSSLBENCH_BUILDS_DIR/work" ]
    [ "$(installed)" -eq 0 ]
}

@test "a knob holding make or shell code is refused by the knob check, never run" {
    run make -s -C "$ROOT" builds-forks "LIBRESSL_GIT=\$(shell touch $TMP/ran)"
    [ "$status" -ne 0 ]
    [[ $output == *"LIBRESSL_GIT"* ]]
    [ ! -e "$TMP/ran" ]
}

@test "FORKS=libressl takes only the pinned tarball: a wrong file is refused and deleted, nothing installed" {
    mkdir -p "$OSSLBENCH_TARBALLS"
    echo 'not libressl' >"$OSSLBENCH_TARBALLS/libressl-3.9.2.tar.gz"
    run env FORKS=libressl "$ROOT/builds/build-fork.sh"
    [ "$status" -ne 0 ]
    [[ $output == *"checksum mismatch for libressl-3.9.2.tar.gz"* ]]
    [[ ${lines[-1]} == *"libressl: libressl-3.9.2.tar.gz refused (checksum)"* ]]
    [ ! -e "$OSSLBENCH_TARBALLS/libressl-3.9.2.tar.gz" ]
    run env FORKS=aws-lc "$ROOT/builds/build-fork.sh"
    [ "$status" -ne 0 ]
    [[ $output == *"aws-lc: no release tarball; set AWSLC_GIT to a clone"* ]]
    [ "$(installed)" -eq 0 ]
}

@test "a fake BoringSSL tree is built with CMake and Ninja, checked by info, installed once" {
    command -v cmake >/dev/null || skip "cmake not installed (tools/deps.sh forks)"
    command -v ninja >/dev/null || skip "ninja-build not installed (tools/deps.sh forks)"
    fake_repo "$TMP/boring" 0.20990101.0 '#define BORINGSSL_API_VERSION 1'
    run env BORINGSSL_GIT="$TMP/boring" BORINGSSL_REF=0.20990101.0 OSSLBENCH_NO_CCACHE=1 "$ROOT/builds/build-fork.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    dir=$OSSLBENCH_BUILDS_DIR/install/boringssl-0.20990101.0
    [ -f "$dir/lib/libcrypto.so" ]
    grep -qx 'check=bin/osslbench info --lib: release boringssl, flavor BoringSSL' "$dir/build-info.txt"
    grep -q '^configure=cmake -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=1 ' "$dir/build-info.txt"
    [ ! -e "$OSSLBENCH_BUILDS_DIR/work/boringssl-0.20990101.0" ]
    run env BORINGSSL_GIT="$TMP/boring" BORINGSSL_REF=0.20990101.0 "$ROOT/builds/build-fork.sh"
    [ "$status" -eq 0 ]
    [[ $output == *"already there: boringssl-0.20990101.0"* ]]
}

@test "a tree whose library does not answer as the fork it claims is not installed" {
    command -v cmake >/dev/null || skip "cmake not installed (tools/deps.sh forks)"
    command -v ninja >/dev/null || skip "ninja-build not installed (tools/deps.sh forks)"
    fake_repo "$TMP/boring" 0.20990101.0 '#define BORINGSSL_API_VERSION 1'
    sed -i 's/ AS_BORINGSSL)/ AS_NOTHING)/' "$TMP/boring/CMakeLists.txt"
    git -C "$TMP/boring" -c user.name=t -c user.email=t@invalid commit -qam 'answers as OpenSSL'
    git -C "$TMP/boring" tag 0.20990102.0
    run env BORINGSSL_GIT="$TMP/boring" BORINGSSL_REF=0.20990102.0 OSSLBENCH_NO_CCACHE=1 "$ROOT/builds/build-fork.sh"
    [ "$status" -ne 0 ]
    [[ $output == *"bin/osslbench info does not name it boringssl"* ]]
    [ "$(installed)" -eq 0 ]
}

# The forks `make builds-forks` left in the checkout's builds/install.
# One library per install: the file its build-info.txt names.
real_forks() {
    local info
    for info in "$ROOT"/builds/install/{libressl,aws-lc,boringssl}-*/build-info.txt; do
        [[ -f $info ]] && echo "$(dirname "$info")/$(sed -n 's/^lib=//p' "$info")"
    done
    return 0
}

@test "built forks under builds/install: info names each as the fork it is, rows carry its flavor, no failed check" {
    [ -n "$(real_forks)" ] || skip "no fork built under builds/install (make builds-forks LIBRESSL_GIT=... AWSLC_GIT=... BORINGSSL_GIT=...)"
    while read -r lib; do
        fork=$(basename "$(dirname "$(dirname "$lib")")"); fork=${fork%%-[0-9]*}
        run "$OSSLBENCH" info --lib "$lib"
        [ "$status" -eq 0 ]
        [[ ${lines[1]} == "  release       $fork"* ]]
        run "$OSSLBENCH" run --lib "$lib" --workloads sha256,sha3-256,aes-128-gcm --sizes 16 --quick --csv "$TMP/$fork.csv"
        [ "$status" -eq 0 ]
        run awk -F, -v f="$fork" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["flavor"] != f || $c["status"] == "kat_failed" { print; bad = 1 } END { exit bad || NR < 2 }' "$TMP/$fork.csv"
        echo "$output"
        [ "$status" -eq 0 ]
    done < <(real_forks)
}
