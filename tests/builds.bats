#!/usr/bin/env bats
# Tests of builds/: manifest, sources (Debian, local tarball, git), checksum
# refusal, idempotency, recovery, make targets, the binary-package helper.
#
# Everything is built into a scratch OSSLBENCH_BUILDS_DIR with an empty tarball
# cache, so the Debian path really runs end to end; the private apt state
# (builds/.apt) is shared with normal use.  The one real OpenSSL build of a
# test run (1.1.1w with APPS=1: libcrypto, libssl beside it, bin/openssl)
# happens once, in setup_file.  The build logic (git source, a 3.x/4.x
# layout, a killed and resumed build, reuse) runs on tests/fake-openssl,
# a tree that configures and builds in a second.
# Needs: network access to Debian's archive, gcc, make, perl, dpkg-dev, git, ccache (optional).

load helpers

setup_file() {
    export REPO
    REPO=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
    export OSSLBENCH_BUILDS_DIR=$BATS_FILE_TMPDIR/builds
    export OSSLBENCH_TARBALLS=$BATS_FILE_TMPDIR/tarballs
    export OSSLBENCH_SOURCES="tarball debian"
    # Old releases come only from a git clone (OPENSSL_GIT is cleared below so
    # that the Debian path really runs).
    export OSSLBENCH_OLD_GIT=${OSSLBENCH_OLD_GIT:-${OPENSSL_GIT:-}}
    unset OPENSSL_GIT FORCE APPS OSSLBENCH_CONFIG_OPTS OSSLBENCH_RELEASES
    # Do not fail here: the first test reports the outcome with the log.
    local rc=0
    make -s -C "$REPO" -f builds/builds.mk builds RELEASES=1.1.1w APPS=1 >"$BATS_FILE_TMPDIR/first.out" 2>&1 || rc=$?
    echo "$rc" >"$BATS_FILE_TMPDIR/first.rc"
}

lib_of() { sed -n 's/^lib=//p' "$OSSLBENCH_BUILDS_DIR/install/$1/build-info.txt"; }
info_of() { sed -n "s/^$2=//p" "$OSSLBENCH_BUILDS_DIR/install/$1/build-info.txt"; }
exports_version() { nm -D --defined-only "$1" | grep -qE ' (OpenSSL_version_num|SSLeay)(@|$)'; }

# check_openssl_app INSTALL_DIR RELEASE: the APPS=1 bin/openssl binds this
# install's libcrypto and libssl, even when LD_LIBRARY_PATH offers a copy of
# them elsewhere (a RUNPATH would take the copy); reports RELEASE and times
# sha256 (0.9.8/1.0 accept no -seconds/-bytes: their shortest run is the
# full 5 sizes x 3 s).
check_openssl_app() {
    local dir=$1 rel=$2 app=$1/bin/openssl own decoy=$BATS_TEST_TMPDIR/decoy-$2
    own=$(realpath "$dir/lib")
    [ -x "$app" ]
    mkdir -p "$decoy"
    cp -a "$dir/lib/." "$decoy/"
    run env LD_LIBRARY_PATH="$decoy:/usr/lib/x86_64-linux-gnu" ldd "$app"
    echo "$output"
    [ "$status" -eq 0 ]
    run awk -v own="$own" '$1 ~ /^lib(crypto|ssl)\.so/ { n++; p = $3; sub(/\/[^\/]*$/, "", p)
            cmd = "realpath \"" p "\""; cmd | getline p; close(cmd)
            if ($2 != "=>" || p != own) { print "foreign: " $0; bad = 1 } }
        END { if (n != 2) print "libcrypto+libssl lines: " n; exit bad || n != 2 }' <<<"$output"
    echo "$output"
    [ "$status" -eq 0 ]
    run env OPENSSL_CONF=/dev/null "$app" version
    echo "$output"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "OpenSSL $rel "* ]]
    local args=(-seconds 1 -bytes 16 sha256)
    case $(info_in "$dir" generation) in 0.9.8|1.0) args=(sha256) ;; esac
    run env OPENSSL_CONF=/dev/null "$app" speed "${args[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    # the sha256 row carries a positive rate for 16-byte blocks
    [ -n "$(awk 'tolower($1) == "sha256" && $2 ~ /^[0-9.]+k$/ && $2 + 0 > 0' <<<"$output")" ]
}
info_in() { sed -n "s/^$2=//p" "$1/build-info.txt"; }

@test "manifest: every line well-formed, required releases present, names unique" {
    run awk -F'\t' '!/^#/ && NF {
        if (NF != 7) { print "bad column count: " $0; bad = 1 }
        if ($1 !~ /^[0-9a-z.]+$/) { print "bad name: " $1; bad = 1 }
        if ($2 !~ /^(0\.9\.8|1\.0|1\.1|3)$/) { print "bad generation: " $1; bad = 1 }
        if ($3 != "openssl-" $1 ".tar.gz") { print "bad tarball: " $1; bad = 1 }
        if ($4 != "unknown" && ($4 !~ /^[0-9a-f]+$/ || length($4) != 64)) { print "bad sha256: " $1; bad = 1 }
        if ($6 !~ /^(default|-)$/) { print "bad set: " $1; bad = 1 }
        if (seen[$1]++) { print "duplicate: " $1; bad = 1 }
        if (sha[$4]++ && $4 != "unknown") { print "same sha256 twice: " $1; bad = 1 }
    } END { exit bad }' "$REPO/builds/releases.tsv"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    for r in 0.9.8q 0.9.8zg 0.9.8zh 1.0.0s 1.0.1p 1.0.1u 1.0.2d 1.0.2u 1.1.0l 1.1.1w; do
        grep -q "^$r	" "$REPO/builds/releases.tsv" || { echo "missing $r"; false; }
    done
    for s in 3.0 3.1 3.2 3.3 3.4 3.5 3.6 4.0; do
        grep -q "^${s//./\\.}\.[0-9]*	" "$REPO/builds/releases.tsv" || { echo "missing series $s"; false; }
    done
}

@test "make builds: 1.1.1w built from Debian sources, libssl beside libcrypto, loadable" {
    cat "$BATS_FILE_TMPDIR/first.out"
    [ "$(cat "$BATS_FILE_TMPDIR/first.rc")" -eq 0 ]
    grep -q '\[start\] 1.1.1w' "$BATS_FILE_TMPDIR/first.out"
    grep -q '\[done\] 1.1.1w in [0-9]*s' "$BATS_FILE_TMPDIR/first.out"
    grep -q 'built: .*1.1.1w' "$BATS_FILE_TMPDIR/first.out"
    local r=1.1.1w dir=$OSSLBENCH_BUILDS_DIR/install/1.1.1w
    [ "$(info_of "$r" source)" = debian ]
    [ "$(info_of "$r" sha256)" = "$(awk -F'\t' -v r="$r" '$1 == r { print $4 }' "$REPO/builds/releases.tsv")" ]
    [ "$(lib_of "$r")" = lib/libcrypto.so.1.1 ]
    lib=$dir/$(lib_of "$r")
    [ -f "$lib" ]
    [ -L "$dir/lib/libcrypto.so" ]
    [ -f "$dir/lib/libssl.so.1.1" ]
    [ -L "$dir/lib/libssl.so" ]
    exports_version "$lib"
    grep -q '^build_seconds=[0-9]' "$dir/build-info.txt"
    grep -q '^configure=./config shared --prefix=/nonexistent/osslbench --openssldir=/nonexistent/osslbench/ssl --libdir=lib$' "$dir/build-info.txt"
    # the compiler line OpenSSL embeds, read back from the library
    grep -q '^cflags=.*-O' "$dir/build-info.txt"
    # the work tree is removed after success, the log is kept
    [ ! -e "$OSSLBENCH_BUILDS_DIR/work/$r" ]
    [ -s "$OSSLBENCH_BUILDS_DIR/logs/$r.log" ]
    [ ! -e "$dir/lib/ossl-modules" ]
}

@test "bin/osslbench runs sha256 against the build and finds its libssl" {
    [ -x "$REPO/bin/osslbench" ] || skip "bin/osslbench not built yet"
    local lib=$OSSLBENCH_BUILDS_DIR/install/1.1.1w/lib/libcrypto.so.1.1
    run "$REPO/bin/osslbench" run --lib "$lib" --quick --workloads sha256
    echo "$output"
    [ "$status" -eq 0 ]
    run "$REPO/bin/osslbench" info --lib "$lib"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ $output == *"  libssl        $OSSLBENCH_BUILDS_DIR/install/1.1.1w/lib/libssl.so.1.1"* ]]
}

@test "APPS=1: bin/openssl of 1.1.1w binds only its own libs and runs speed" {
    check_openssl_app "$OSSLBENCH_BUILDS_DIR/install/1.1.1w" 1.1.1w
    [ "$(info_of 1.1.1w apps)" = 1 ]
}

@test "speed-crosscheck: one round over the APPS=1 build and this system's 3.x gives per-point and pair rows" {
    [ -x "$REPO/bin/osslbench" ] || skip "bin/osslbench not built yet"
    command -v openssl >/dev/null || skip "no openssl program on PATH (the system 3.x side of the pair)"
    # the system's release as an install folder: its libcrypto and its openssl
    local sys=$BATS_TEST_TMPDIR/system3
    mkdir -p "$sys/lib" "$sys/bin"
    cp "$("$REPO/plots/system-lib.sh")" "$sys/lib/"
    cp "$(command -v openssl)" "$sys/bin/openssl"
    run "$REPO/tools/speed-crosscheck.sh" --rounds 1 --sizes 16 --workloads sha256 --raw "$BATS_TEST_TMPDIR/raw.tsv" \
        "$OSSLBENCH_BUILDS_DIR/install/1.1.1w" "$sys"
    echo "$output"
    [ "$status" -eq 0 ]
    local num='[0-9]+\.[0-9]{3} \[[0-9]+\.[0-9]{3}-[0-9]+\.[0-9]{3}\]'
    # shellcheck disable=SC2016  # Markdown backquotes
    [[ $output =~ '| 1.1.1w | sha256 | 16 | `evp` | `speed -evp sha256` | same | '[0-9]+' | '$num ]]
    # shellcheck disable=SC2016
    [[ $output =~ '| system3 | sha256 | 16 | `fetch` | `speed -evp sha256` | same | '[0-9]+' | '$num ]]
    # B vs A, speed invocation, bytes, paths, rounds, speed B/A, its CI, its spread, osslbench B/A
    local cell='[^|]+'
    # shellcheck disable=SC2016
    [[ $output =~ '| system3 vs 1.1.1w | `speed -evp sha256` | 16 | `evp` -> `fetch` | 1 | '$num' | '$cell' | '$cell' | '$num ]]
    # one raw row per path and point, each with both rates
    [ "$(awk -F'\t' 'NR > 1 && $9 > 0 && $10 > 0' "$BATS_TEST_TMPDIR/raw.tsv" | wc -l)" -ge 4 ]
}

@test "second make builds is a no-op and says so: nothing in the install is rewritten" {
    # What was installed keeps its files and times (a wall-clock limit failed under load).
    local before after
    before=$(find "$OSSLBENCH_BUILDS_DIR/install/1.1.1w" -type f -printf '%P %T@\n' | sort)
    run make -s -C "$REPO" -f builds/builds.mk builds RELEASES=1.1.1w APPS=1
    echo "$output"
    [ "$status" -eq 0 ]
    after=$(find "$OSSLBENCH_BUILDS_DIR/install/1.1.1w" -type f -printf '%P %T@\n' | sort)
    [ -n "$before" ]
    [ "$before" = "$after" ]
    [[ $output == *"already there: 1.1.1w"* ]]
    [[ $output != *"[start]"* ]]
}

@test "a tarball with one flipped byte is refused and deleted" {
    local tb=$BATS_TEST_TMPDIR/tb
    mkdir -p "$tb"
    cp "$OSSLBENCH_TARBALLS/openssl-1.1.1w.tar.gz" "$tb/"
    # flip the bits of byte 4096
    local b
    b=$(od -An -tu1 -j4096 -N1 "$tb/openssl-1.1.1w.tar.gz" | tr -d ' ')
    printf '%b' "$(printf '\\%03o' $((255 - b)))" | dd of="$tb/openssl-1.1.1w.tar.gz" bs=1 seek=4096 conv=notrunc status=none
    OSSLBENCH_TARBALLS=$tb OSSLBENCH_SOURCES=tarball OSSLBENCH_BUILDS_DIR=$BATS_TEST_TMPDIR/b \
        run "$REPO/builds/build-release.sh" 1.1.1w-noasm
    echo "$output"
    [ "$status" -ne 0 ]
    [[ $output == *"checksum mismatch for openssl-1.1.1w.tar.gz"*"deleted"* ]]
    [ ! -e "$tb/openssl-1.1.1w.tar.gz" ]
    [ ! -e "$BATS_TEST_TMPDIR/b/install/1.1.1w-noasm" ]
    # nothing was unpacked
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/b/work/1.1.1w-noasm" 2>/dev/null)" ]
}

@test "a truncated tarball is refused and deleted" {
    local tb=$BATS_TEST_TMPDIR/tb
    mkdir -p "$tb"
    head -c 1000000 "$OSSLBENCH_TARBALLS/openssl-1.1.1w.tar.gz" >"$tb/openssl-1.1.1w.tar.gz"
    OSSLBENCH_TARBALLS=$tb OSSLBENCH_SOURCES=tarball OSSLBENCH_BUILDS_DIR=$BATS_TEST_TMPDIR/b \
        run "$REPO/builds/build-release.sh" 1.1.1w
    [ "$status" -ne 0 ]
    [[ $output == *"checksum mismatch"* ]]
    [ ! -e "$tb/openssl-1.1.1w.tar.gz" ]
}

@test "unknown or malformed release names error out with one line" {
    run make -s -C "$REPO" -f builds/builds.mk build-9.9.9
    [ "$status" -ne 0 ]
    [[ $output == *"unknown release '9.9.9'"* ]]
    run "$REPO/builds/build-release.sh" 9.9.9
    [ "$status" -ne 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == "builds: error: unknown release '9.9.9'"* ]]
    local marker=$BATS_TEST_TMPDIR/injected
    run make -s -C "$REPO" -f builds/builds.mk builds RELEASES="1.1.1w';touch $marker;'"
    [ "$status" -ne 0 ]
    [[ $output == *"RELEASES: "*"is not a list of release labels (nothing was built or run)"* ]]
    [ ! -e "$marker" ]
    run "$REPO/builds/build-release.sh" '../../etc'
    [ "$status" -ne 0 ]
    [[ $output == *"invalid release name"* ]]
    run "$REPO/builds/build-release.sh" --git /nonexistent --ref x --name 'a;b'
    [ "$status" -ne 0 ]
    [[ $output == *"invalid build name"* ]]
}

@test "a release without a pinned checksum builds only from git" {
    OPENSSL_GIT='' OSSLBENCH_SOURCES="tarball debian upstream git" run "$REPO/builds/build-release.sh" 1.0.1u
    echo "$output"
    [ "$status" -ne 0 ]
    [[ $output == *"no pinned sha256"* ]]
    [[ $output == *"OPENSSL_GIT not set"* ]]
}

# The build logic on tests/fake-openssl (git source, flags, layout, a killed
# build): each build takes a second; the real build above proved the recipe.
fake_repo() {
    local repo=$BATS_FILE_TMPDIR/gitrepo
    [ -d "$repo/.git" ] || fake_openssl_repo "$repo" OpenSSL_1_1_1w >&2
    echo "$repo"
}

@test "git ref source: build from a local clone without touching its work tree" {
    local repo
    repo=$(fake_repo)
    echo "local change" >>"$repo/README.md"
    run "$REPO/builds/build-release.sh" --git "$repo" --ref OpenSSL_1_1_1w --name gittest
    echo "$output"
    [ "$status" -eq 0 ]
    lib=${lines[${#lines[@]}-1]}
    [ "$lib" = "$OSSLBENCH_BUILDS_DIR/install/gittest/lib/libcrypto.so.1.1" ]
    exports_version "$lib"
    [ -f "$OSSLBENCH_BUILDS_DIR/install/gittest/lib/libssl.so.1.1" ]
    [ "$(info_of gittest source)" = git ]
    [ "$(info_of gittest git_commit)" = "$(git -C "$repo" rev-parse HEAD)" ]
    [ "$(info_of gittest generation)" = 1.1 ]
    # the user's uncommitted change is still there, nothing else changed
    [ "$(git -C "$repo" status --porcelain)" = " M README.md" ]
    # idempotent too
    run "$REPO/builds/build-release.sh" --git "$repo" --ref OpenSSL_1_1_1w --name gittest
    [ "$status" -eq 0 ]
    [[ $output == *"already there"* ]]
}

@test "flags reach ./config: shared, the fixed prefix, lib/, no-asm for NAME-noasm, OSSLBENCH_CONFIG_OPTS words" {
    local repo
    repo=$(fake_repo)
    OSSLBENCH_KEEP_WORK=1 OSSLBENCH_CONFIG_OPTS="no-idea -DFAKE_FLAG" \
        run "$REPO/builds/build-release.sh" --git "$repo" --ref OpenSSL_1_1_1w --name flags-noasm
    echo "$output"
    [ "$status" -eq 0 ]
    run cat "$OSSLBENCH_BUILDS_DIR/work/flags-noasm/src/config.args"
    echo "$output"
    [ "$output" = "$(printf '%s\n' shared --prefix=/nonexistent/osslbench --openssldir=/nonexistent/osslbench/ssl \
        --libdir=lib no-asm no-idea -DFAKE_FLAG)" ]
    [ "$(info_of flags-noasm configure)" = "./config shared --prefix=/nonexistent/osslbench --openssldir=/nonexistent/osslbench/ssl --libdir=lib no-asm no-idea -DFAKE_FLAG" ]
    [ "$(info_of flags-noasm variant)" = no-asm ]
}

@test "a 3.x/4.x tree: lib/libcrypto.so.4 and libssl.so.4, provider modules in lib/ossl-modules, APPS=1 openssl bound to them" {
    local repo=$BATS_TEST_TMPDIR/gen3 dir=$OSSLBENCH_BUILDS_DIR/install/fake4
    fake_openssl_repo "$repo" v4
    printf 'MAJOR=4\nSHLIB_VERSION=4\n' >"$repo/VERSION.dat"
    git -C "$repo" add VERSION.dat
    git -C "$repo" commit -qm "a 4.x tree"
    APPS=1 run "$REPO/builds/build-release.sh" --git "$repo" --ref main --name fake4
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(info_of fake4 generation)" = 3 ]
    [ "$(info_of fake4 lib)" = lib/libcrypto.so.4 ]
    [ -f "$dir/lib/libssl.so.4" ]
    [ -f "$dir/lib/ossl-modules/legacy.so" ]
    # bin/openssl: DT_RPATH $ORIGIN/../lib, bound to this install's two libraries
    run readelf -d "$dir/bin/openssl"
    # shellcheck disable=SC2016  # a literal $ORIGIN
    [[ $output == *'(RPATH)              Library rpath: [$ORIGIN/../lib]'* ]]
    run env OPENSSL_CONF=/dev/null "$dir/bin/openssl" version
    [ "$output" = "OpenSSL 1.1.1w-fake  11 Sep 2023" ]
    # OSSLBENCH_MODULES=0: no modules built or installed
    OSSLBENCH_MODULES=0 run "$REPO/builds/build-release.sh" --git "$repo" --ref main --name fake4nomod
    echo "$output"
    [ "$status" -eq 0 ]
    [ -f "$OSSLBENCH_BUILDS_DIR/install/fake4nomod/lib/libcrypto.so.4" ]
    [ ! -e "$OSSLBENCH_BUILDS_DIR/install/fake4nomod/lib/ossl-modules" ]
}

@test "a killed build leaves nothing that looks done, and a rerun recovers" {
    local repo
    repo=$(fake_repo)
    # start a build whose compile step lasts 60 s, and kill -9 the whole process group during make
    FAKE_BUILD_SECONDS=60 setsid "$REPO/builds/build-release.sh" --git "$repo" --ref OpenSSL_1_1_1w --name killed \
        >"$BATS_TEST_TMPDIR/killed.out" 2>&1 &
    local pid=$!
    for _ in $(seq 1 120); do
        grep -q '=== build' "$OSSLBENCH_BUILDS_DIR/logs/killed.log" 2>/dev/null && break
        sleep 0.5
    done
    sleep 1
    grep -q '=== build' "$OSSLBENCH_BUILDS_DIR/logs/killed.log"
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"
    wait "$pid" || true
    sleep 1
    [ ! -e "$OSSLBENCH_BUILDS_DIR/install/killed" ]
    # leftovers of a crashed run: work tree, a staging folder
    mkdir -p "$OSSLBENCH_BUILDS_DIR/install/.tmp-killed.99999/lib"
    run "$REPO/builds/build-release.sh" --git "$repo" --ref OpenSSL_1_1_1w --name killed
    echo "$output"
    [ "$status" -eq 0 ]
    [ -f "$OSSLBENCH_BUILDS_DIR/install/killed/build-info.txt" ]
    [ -z "$(ls -d "$OSSLBENCH_BUILDS_DIR"/install/.tmp-* 2>/dev/null)" ]
}

@test "list-releases shows the manifest and what is installed" {
    run make -s -C "$REPO" -f builds/builds.mk list-releases
    echo "$output"
    [ "$status" -eq 0 ]
    [[ $output == *"1.1.1w"*"1.1.1w(debian)"* ]]
    [[ $output == *"1.0.1u"*"unknown"* ]]
    [[ $output == *"other installed builds: "*"gittest"* ]]
}

@test "builds.mk included by another Makefile does not take its default goal" {
    printf 'include %s/builds/builds.mk\nall:\n\t@echo ALL-RAN\n' "$REPO" >"$BATS_TEST_TMPDIR/Makefile"
    run make -s -C "$BATS_TEST_TMPDIR"
    [ "$status" -eq 0 ]
    [ "$output" = ALL-RAN ]
}

@test "apt-fetch-binary.sh unpacks bullseye's libssl1.1 (not installed)" {
    run "$REPO/builds/apt-fetch-binary.sh" libssl1.1 bullseye "$BATS_TEST_TMPDIR/deb"
    echo "$output"
    [ "$status" -eq 0 ]
    # in the package's multiarch folder, whatever this machine's architecture
    lib=$(find "$BATS_TEST_TMPDIR/deb/usr/lib" -name libcrypto.so.1.1 -type f | head -n 1)
    [ -f "$lib" ]
    exports_version "$lib"
    run "$REPO/builds/apt-fetch-binary.sh" 'libssl1.1;id' bullseye "$BATS_TEST_TMPDIR/deb"
    [ "$status" -ne 0 ]
}

@test "old releases (0.9.8, 1.0) build from a git clone with their tags; APPS=1 openssl runs" {
    [ -n "${OSSLBENCH_OLD_GIT:-}" ] || skip "0.9.8-1.1.0 are not reachable here (no Debian source, no internet); set OSSLBENCH_OLD_GIT or OPENSSL_GIT=<openssl clone with OpenSSL_0_9_8zh, OpenSSL_1_0_2d tags>"
    for r in 0.9.8zh 1.0.2d; do
        APPS=1 OPENSSL_GIT=$OSSLBENCH_OLD_GIT OSSLBENCH_SOURCES=git run "$REPO/builds/build-release.sh" "$r"
        echo "$output"
        [ "$status" -eq 0 ]
        exports_version "${lines[${#lines[@]}-1]}"
        check_openssl_app "$OSSLBENCH_BUILDS_DIR/install/$r" "$r"
    done
}
