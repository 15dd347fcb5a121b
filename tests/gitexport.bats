#!/usr/bin/env bats
# The git source of builds/ on histories that lack blobs (builds/git-export.sh):
# a snapshot without its large blobs and a user's partial clone, both made
# here as small local repositories with a deliberately missing blob.  Missing
# test data is left out and named; a missing build input refuses in one line;
# no export failure goes unnoticed; nothing is fetched; tags are found by name.

setup_file() {
    export ROOT
    ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
    export GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t \
        GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
    # "snap": what a snapshot without large blobs looks like (objects removed,
    # no promisor remote). openssl-9.9.1 lacks only test data; openssl-9.9.2
    # also lacks a build input.
    export SNAP=$BATS_FILE_TMPDIR/snap
    git init -q "$SNAP"
    mkdir -p "$SNAP/crypto" "$SNAP/test"
    echo 'configure me' >"$SNAP/Configure"
    echo 'int a;' >"$SNAP/crypto/a.c"
    echo 'test data' >"$SNAP/test/data.txt"
    echo 'PROGRAMS=x' >"$SNAP/test/build.info"
    git -C "$SNAP" add -A
    git -C "$SNAP" commit -qm 9.9.1
    git -C "$SNAP" tag openssl-9.9.1
    echo 'int a, b;' >"$SNAP/crypto/a.c"
    git -C "$SNAP" commit -qam 9.9.2
    git -C "$SNAP" tag openssl-9.9.2
    # openssl-9.9.3 lacks test/build.info, which ./config reads: not test data
    echo 'PROGRAMS=x y' >"$SNAP/test/build.info"
    echo 'int a;' >"$SNAP/crypto/a.c"
    git -C "$SNAP" commit -qam 9.9.3
    git -C "$SNAP" tag openssl-9.9.3
    # a branch called like the first tag, elsewhere: the tag must win
    git -C "$SNAP" branch openssl-9.9.1 openssl-9.9.2
    local oid
    for oid in $(git -C "$SNAP" rev-parse openssl-9.9.1:test/data.txt openssl-9.9.2:crypto/a.c openssl-9.9.3:test/build.info); do
        rm -f -- "$SNAP/.git/objects/${oid:0:2}/${oid:2}"
    done
    # "partial": a --filter=blob:limit=1k clone over file:// (a promisor
    # remote that COULD answer: proves nothing is fetched lazily).
    export ORIGIN=$BATS_FILE_TMPDIR/origin PARTIAL=$BATS_FILE_TMPDIR/partial
    git init -q "$ORIGIN"
    mkdir -p "$ORIGIN/test/recipes" "$ORIGIN/crypto"
    echo 'configure me' >"$ORIGIN/Configure"
    head -c 3000 /dev/zero | tr '\0' x >"$ORIGIN/test/recipes/big.txt"
    git -C "$ORIGIN" add -A
    git -C "$ORIGIN" commit -qm one
    git -C "$ORIGIN" tag OpenSSL_9_9_9a
    head -c 3000 /dev/zero | tr '\0' y >"$ORIGIN/crypto/big.c"
    git -C "$ORIGIN" add -A
    git -C "$ORIGIN" commit -qm two
    git -C "$ORIGIN" tag OpenSSL_9_9_9b
    git -C "$ORIGIN" config uploadpack.allowFilter true
    git clone -q --bare --filter=blob:limit=1k "file://$ORIGIN" "$PARTIAL"
    # "forksnap": a fork's layout (AWS-LC, BoringSSL), test data beside the code.
    # v1 lacks three test-data blobs; v2 also lacks crypto/test/CMakeLists.txt.
    export FORKSNAP=$BATS_FILE_TMPDIR/forksnap
    git init -q "$FORKSNAP"
    mkdir -p "$FORKSNAP/crypto/x/test" "$FORKSNAP/crypto/kat" "$FORKSNAP/crypto/test"
    echo 'project(x)' >"$FORKSNAP/CMakeLists.txt"
    echo 'int b;' >"$FORKSNAP/crypto/b.c"
    echo v >"$FORKSNAP/crypto/x/test/vectors.txt"
    echo k >"$FORKSNAP/crypto/kat/k.txt"
    echo t >"$FORKSNAP/crypto/a_tests.txt"
    echo 'add_executable(t)' >"$FORKSNAP/crypto/test/CMakeLists.txt"
    git -C "$FORKSNAP" add -A
    git -C "$FORKSNAP" commit -qm v1
    git -C "$FORKSNAP" tag v1
    echo 'add_executable(t u)' >"$FORKSNAP/crypto/test/CMakeLists.txt"
    git -C "$FORKSNAP" commit -qam v2
    git -C "$FORKSNAP" tag v2
    for oid in $(git -C "$FORKSNAP" rev-parse v1:crypto/x/test/vectors.txt v1:crypto/kat/k.txt v1:crypto/a_tests.txt v2:crypto/test/CMakeLists.txt); do
        rm -f -- "$FORKSNAP/.git/objects/${oid:0:2}/${oid:2}"
    done
}

# still_missing REPO REF PATH: REF:PATH's blob is not in REPO (nothing fetched it).
still_missing() {
    local oid
    oid=$(git -C "$1" rev-parse "$2:$3")
    git -C "$1" rev-list --objects --missing=print "$2^{tree}" | grep -qx "?$oid"
}

@test "snapshot: a missing test-data blob is left out and named, the rest is exported" {
    run "$ROOT/builds/git-export.sh" "$SNAP" openssl-9.9.1 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "test/data.txt" ]
    [ -f "$BATS_TEST_TMPDIR/out/Configure" ]
    [ "$(cat "$BATS_TEST_TMPDIR/out/crypto/a.c")" = "int a;" ]
    [ -f "$BATS_TEST_TMPDIR/out/test/build.info" ]
    [ ! -e "$BATS_TEST_TMPDIR/out/test/data.txt" ]
    # no scratch folder is left beside the export
    [ "$(ls -A "$BATS_TEST_TMPDIR")" = out ]
}

@test "snapshot: a missing build input refuses in one line, nothing exported" {
    run "$ROOT/builds/git-export.sh" "$SNAP" openssl-9.9.2 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "git-export: error: build input missing from the git history: crypto/a.c (only test data"* ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR")" ]
}

@test "a missing build.info under test/ is a build input (./config reads it): refused" {
    run "$ROOT/builds/git-export.sh" "$SNAP" openssl-9.9.3 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$output" = "git-export: error: build input missing from the git history: test/build.info (only test data may be missing: get the full history or a tarball)" ]
}

@test "fork layout: test data beside the code is left out and named; OpenSSL's rule would refuse it" {
    GIT_TEST_LAYOUT=fork run "$ROOT/builds/git-export.sh" "$FORKSNAP" v1 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf '%s\n' crypto/a_tests.txt crypto/kat/k.txt crypto/x/test/vectors.txt)" ]
    [ "$(cat "$BATS_TEST_TMPDIR/out/crypto/b.c")" = "int b;" ]
    [ -f "$BATS_TEST_TMPDIR/out/crypto/test/CMakeLists.txt" ]
    run "$ROOT/builds/git-export.sh" "$FORKSNAP" v1 "$BATS_TEST_TMPDIR/out2"
    [ "$status" -eq 1 ]
    [[ $output == "git-export: error: build input missing from the git history: crypto/"* ]]
}

@test "fork layout: a missing CMakeLists.txt under a test folder is a build input: refused" {
    GIT_TEST_LAYOUT=fork run "$ROOT/builds/git-export.sh" "$FORKSNAP" v2 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 1 ]
    [[ $output == *"build input missing from the git history: crypto/test/CMakeLists.txt"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/out" ]
}

@test "build-release: a missing build input refuses before configure, one error line, nothing installed" {
    local b=$BATS_TEST_TMPDIR/b
    OSSLBENCH_BUILDS_DIR=$b run "$ROOT/builds/build-release.sh" --git "$SNAP" --ref openssl-9.9.2 --name gitmiss --generation 3
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(grep -c 'error' <<<"$output")" -eq 1 ]
    [ "${lines[-1]}" = "builds: error: gitmiss: refused, nothing built: build input missing from the git history: crypto/a.c (only test data may be missing: get the full history or a tarball)" ]
    [ -z "$(ls -A "$b/install")" ]
    run grep -c '^=== configure' "$b/logs/gitmiss.log"
    [ "$output" -eq 0 ]
}

@test "build-release: missing test data is named and the build goes on past the export" {
    local b=$BATS_TEST_TMPDIR/b
    # this tiny tree has no ./config: the build stops there, after the export
    OSSLBENCH_BUILDS_DIR=$b run "$ROOT/builds/build-release.sh" --git "$SNAP" --ref openssl-9.9.1 --name gittest --generation 3
    echo "$output"
    [ "$status" -eq 1 ]
    [[ $output == *"left out (missing from the git history, test data): test/data.txt"* ]]
    [[ $output == *"[FAILED] gittest after "*"s at step 'configure'"* ]]
    grep -q 'left out (missing from the git history, test data): test/data.txt' "$b/logs/gittest.log"
    [ -z "$(ls -A "$b/install")" ]
}

@test "a failed git archive | tar never goes on (every pipeline status is checked)" {
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    printf '#!/bin/sh\ncat >/dev/null; exit 2\n' >"$BATS_TEST_TMPDIR/bin/tar"
    chmod +x "$BATS_TEST_TMPDIR/bin/tar"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH run "$ROOT/builds/git-export.sh" "$SNAP" openssl-9.9.1 "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$output" = "git-export: error: git archive | tar failed (git exit 0, tar exit 2)" ]
    [ "$(ls -A "$BATS_TEST_TMPDIR")" = bin ]
}

@test "partial clone: the filtered blob is left out and named, and nothing is fetched" {
    run "$ROOT/builds/git-export.sh" "$PARTIAL" OpenSSL_9_9_9a "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "test/recipes/big.txt" ]
    [ -f "$BATS_TEST_TMPDIR/out/Configure" ]
    [ ! -e "$BATS_TEST_TMPDIR/out/test/recipes/big.txt" ]
    still_missing "$PARTIAL" OpenSSL_9_9_9a test/recipes/big.txt
}

@test "partial clone: a filtered build input refuses, and is not fetched either" {
    run "$ROOT/builds/git-export.sh" "$PARTIAL" OpenSSL_9_9_9b "$BATS_TEST_TMPDIR/out"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$output" = "git-export: error: build input missing from the git history: crypto/big.c (only test data may be missing: get the full history or a tarball)" ]
    still_missing "$PARTIAL" OpenSSL_9_9_9b crypto/big.c
}

@test "git_offline: reading a filtered blob fails instead of fetching it from the promisor remote" {
    local oid
    oid=$(git -C "$PARTIAL" rev-parse OpenSSL_9_9_9a:test/recipes/big.txt)
    run bash -c 'source "$1/builds/git-export.sh"; git_offline "$2" cat-file -p "$3"' _ "$ROOT" "$PARTIAL" "$oid"
    echo "$output"
    [ "$status" -ne 0 ]
    still_missing "$PARTIAL" OpenSSL_9_9_9a test/recipes/big.txt
}

@test "tags by name: OpenSSL_1_1_0l, openssl-3.1.8, OpenSSL_0_9_8zh; a tag beats a branch of its name" {
    run bash -c 'source "$1/builds/lib.sh"; source "$1/builds/sources.sh"; for r in 1.1.0l 3.1.8 0.9.8zh 4.0.2; do git_tag_for "$r"; done' _ "$ROOT"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = OpenSSL_1_1_0l ]
    [ "${lines[1]}" = openssl-3.1.8 ]
    [ "${lines[2]}" = OpenSSL_0_9_8zh ]
    [ "${lines[3]}" = openssl-4.0.2 ]
    run bash -c 'source "$1/builds/lib.sh"; source "$1/builds/sources.sh"; try_git "$2" openssl-9.9.1 && echo "$SRC_GIT_COMMIT"' _ "$ROOT" "$SNAP"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[-1]}" = "$(git -C "$SNAP" rev-parse 'refs/tags/openssl-9.9.1^{commit}')" ]
}

# A fetched snapshot (CI has none): OPENSSL_GIT=<bare git dir of OpenSSL's history>.
need_snapshot() {
    [[ -n ${OPENSSL_GIT:-} && -d ${OPENSSL_GIT:-} ]] || skip "set OPENSSL_GIT to a fetched OpenSSL history (CI has none)"
    git -C "$OPENSSL_GIT" rev-parse -q --verify refs/tags/openssl-3.4.6 >/dev/null || skip "OPENSSL_GIT has no tag openssl-3.4.6"
}

@test "fetched snapshot: 1.1.0l and 3.4.6 export; what is missing is test data only" {
    need_snapshot
    local t
    for t in OpenSSL_1_1_0l openssl-3.4.6; do
        run "$ROOT/builds/git-export.sh" "$OPENSSL_GIT" "$t" "$BATS_TEST_TMPDIR/$t"
        echo "$t: $output"
        [ "$status" -eq 0 ]
        [ -f "$BATS_TEST_TMPDIR/$t/Configure" ]
        [ "$(grep -cv -e '^test/' -e '^$' <<<"$output")" -eq 0 ]
    done
}

@test "installed snapshot build (builds/install/3.4.6, source git): build-info.txt names the blob left out" {
    local info=$ROOT/builds/install/3.4.6/build-info.txt
    if [[ ! -f $info ]] || ! grep -qx 'source=git' "$info"; then
        skip "no builds/install/3.4.6 built from a git snapshot (make builds RELEASES=3.4.6 OPENSSL_GIT=<snapshot>)"
    fi
    grep -qx 'git_missing_count=1' "$info"
    grep -qx 'git_missing=test/recipes/30-test_evp_data/evprand.txt' "$info"
}
