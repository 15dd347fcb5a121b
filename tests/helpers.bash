# Shared bats helpers: where the real libraries the tests run against live.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BATS_TEST_FILENAME}")/.." && pwd)
# check-asan points the same tests at the sanitizer build.
# shellcheck disable=SC2034 # used by the test files that load this one
OSSLBENCH="${OSSLBENCH_BIN:-$ROOT/bin/osslbench}"
# shellcheck disable=SC2034 # used by the files that load this one
# This machine's own system libcrypto and its library folder, any architecture.
SYSTEM_LIBCRYPTO=$("$ROOT/plots/system-lib.sh")
SYSTEM_LIBDIR=$(dirname "$SYSTEM_LIBCRYPTO")
FIXTURES="$ROOT/build/fixtures"

# A real 1.1.1w libcrypto: Debian bullseye's libssl1.1 binary package,
# downloaded with builds/' private apt configuration and unpacked (not
# installed).  Fetched once per checkout; prints the library path.
libcrypto_111() {
    local dest="$FIXTURES/libssl1.1" lib
    lib="$dest$SYSTEM_LIBDIR/libcrypto.so.1.1"
    if [[ ! -f $lib ]]; then
        rm -rf -- "$dest"
        "$ROOT/builds/apt-fetch-binary.sh" libssl1.1 bullseye "$dest" >/dev/null 2>&1 || return 1
    fi
    [[ -f $lib ]] && echo "$lib"
}

# Debian's BoringSSL: bookworm's android-libboringssl (a fork that reports
# 0x1010107f, "1.1.1g"), fetched like libcrypto_111.  Prints the library path.
libcrypto_boringssl() {
    local dest="$FIXTURES/boringssl" lib
    lib="$dest/usr/lib/x86_64-linux-gnu/android/libcrypto.so.0"
    if [[ ! -f $lib ]]; then
        rm -rf -- "$dest"
        "$ROOT/builds/apt-fetch-binary.sh" android-libboringssl bookworm "$dest" >/dev/null 2>&1 || return 1
    fi
    [[ -f $lib ]] && echo "$lib"
}

# Every libcrypto that builds/ has installed, one path per line.
installed_libcryptos() {
    local f
    for f in "$ROOT"/builds/install/*/lib/libcrypto.so.*; do
        if [[ -f $f && ! -L $f ]]; then echo "$f"; fi
    done
}

# The CSV's column number of a header name (for cut/awk).
csv_col() {
    head -1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1
}

# csv_fields FILE NAME...: the named columns of each data row, space-separated
# (a note with a comma in it is cut there).
csv_fields() {
    local file=$1 cols="" c
    shift
    for c in "$@"; do cols+="$(csv_col "$file" "$c") "; done
    awk -F, -v cols="$cols" 'BEGIN { n = split(cols, k, " ") }
        NR > 1 { line = $k[1]; for (i = 2; i <= n; i++) line = line " " $k[i]; print line }' "$file"
}

# stderr lines that are not make's own "make: *** ... Error 1"
own_errors() { grep -v '^make\(\[[0-9]*\]\)\?: ' <<<"$1" || true; }

# For a setup_file of a test file that runs make compare: results and builds/
# in that file's scratch folder, no knob from the caller's environment, and
# LIB111 a real 1.1.1w (or a path that does not exist: need_111 skips).
compare_env() {
    # every knob of the table (tools/knobs.tsv): none leaks in from the caller
    # shellcheck disable=SC2046 # one name per word
    unset $("$ROOT/tools/knobs.sh" names)
    export RES=$BATS_FILE_TMPDIR/results
    export OSSLBENCH_BUILDS_DIR=$BATS_FILE_TMPDIR/no-builds
    mkdir -p "$OSSLBENCH_BUILDS_DIR/install"
    local lib
    lib=$(libcrypto_111 2>/dev/null) || lib=$ROOT/builds/install/1.1.1w/lib/libcrypto.so.1.1
    export LIB111=$lib
}

need_111() {
    [[ -f $LIB111 ]] || skip "no real 1.1.1w libcrypto (Debian bullseye download failed, nothing in builds/install)"
}

# Waits (up to 10 s) until FILE has at least N lines: rows are being written.
wait_for_lines() {
    local _
    for _ in $(seq 100); do
        if [ "$(wc -l <"$1" 2>/dev/null || echo 0)" -ge "$2" ]; then return 0; fi
        sleep 0.1
    done
    echo "$1 never reached $2 lines"
    return 1
}

# Waits (up to 10 s) until PID has exactly N children and leaves their pids in
# the array `kids`: between visits the runner has none (each visit execs fresh
# children), so one look can fall in the gap, more so under ASan or load.
wait_for_children() {
    local _
    for _ in $(seq 200); do
        mapfile -t kids < <(pgrep -P "$1")
        if [ "${#kids[@]}" -eq "$2" ]; then return 0; fi
        sleep 0.05
    done
    echo "pid $1 never had $2 children (last seen: ${#kids[@]})"
    return 1
}

# fake_openssl_repo DIR TAG: a git repository whose one commit, tagged TAG, is
# tests/fake-openssl, an OpenSSL-shaped tree that configures and builds in a
# second (the build-logic, bisect and track tests; see its README.md).
fake_openssl_repo() {
    mkdir -p "$1"
    cp -R "$ROOT/tests/fake-openssl/." "$1/"
    git -C "$1" init -q -b main
    git -C "$1" config user.email fake@osslbench.invalid
    git -C "$1" config user.name "fake openssl"
    git -C "$1" add -A
    git -C "$1" commit -qm "fake OpenSSL tree"
    git -C "$1" tag "$2"
}
