#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/build-fork.sh — build the libcrypto of OpenSSL's forks (LibreSSL,
# AWS-LC, BoringSSL; builds/forks.tsv) into builds/install/<fork>-<version>/.
#
#   builds/build-fork.sh        what `make builds-forks` runs: the forks whose
#                               clone is given (LIBRESSL_GIT, AWSLC_GIT, BORINGSSL_GIT),
#                               at the pinned tag or <KNOB>_REF; FORKS="libressl ..."
#                               names forks to build, from the pinned tarball in
#                               the tarball cache when no clone is given
# Every fork asked for is checked first (clone, ref, that the tree is that
# fork): one bad one fails the run with one line before anything is built.
# Then each is built (one failing does not stop the others) and a summary
# ends the run; exit 0 when every fork asked for is installed.
# Environment: FORCE=1, CC, OSSLBENCH_BUILDS_DIR, OSSLBENCH_TARBALLS, OSSLBENCH_JOBS.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$BUILDS_SRC/sources.sh"   # try_git, unpack_source: the one export of a git tree
source "$BUILDS_SRC/fork-recipes.sh"

FORKS_TABLE=${OSSLBENCH_FORKS_TABLE:-$BUILDS_SRC/forks.tsv}
FORK_NAME_RE='^(libressl|aws-lc|boringssl)-[0-9a-z][0-9a-z.]*$'
shown() { printf '%s' "${1//[^[:print:]]/?}"; } # a user's text in a message

fork_rows() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$FORKS_TABLE"; }
fork_line() { fork_rows | awk -F'\t' -v f="$1" '$1 == f { print; exit }'; }
fork_title() { case $1 in libressl) echo LibreSSL ;; aws-lc) echo AWS-LC ;; boringssl) echo BoringSSL ;; esac; }

# plan FORK: check where FORK comes from and what it is called; dies with one
# line on anything wrong.  Appends to the PLAN_* arrays.
PLAN_FORK=() PLAN_NAME=() PLAN_RECIPE=() PLAN_KIND=() PLAN_SRC=() PLAN_ID=() PLAN_DETAIL=()
plan() {
    local fork=$1 knob recipe ref tarball sha dir commit marker text version var
    [[ -n $(fork_line "$fork") ]] || die "unknown fork '$(shown "$fork")' (one of: $(fork_rows | cut -f1 | paste -sd' '))"
    IFS=$'\t' read -r _ knob recipe ref tarball sha _ <<<"$(fork_line "$fork")"
    var=${knob}_GIT dir=${!var:-}
    marker=$(fork_marker "$fork")
    if [[ -n $dir ]]; then
        var=${knob}_REF; ref=${!var:-$ref}
        [[ -d $dir ]] || die "${knob}_GIT: '$(shown "$dir")' is not a folder"
        git -C "$dir" rev-parse --git-dir >/dev/null 2>&1 || die "${knob}_GIT: '$(shown "$dir")' is not a git clone"
        dir=$(cd "$dir" && pwd)
        try_git "$dir" "$ref" 2>/dev/null \
            || die "${knob}_GIT: no ref '$(shown "$ref")' in $(shown "$dir") (${knob}_REF=<tag> picks another)"
        commit=$SRC_GIT_COMMIT
        text=$(git -C "$dir" show "$commit:$marker" 2>/dev/null) \
            || die "${knob}_GIT: $(shown "$ref") of $(shown "$dir") has no $marker: no $(fork_title "$fork") tree"
        version=$(fork_version "$fork" "$ref" <<<"$text") \
            || die "${knob}_GIT: $(shown "$ref") of $(shown "$dir") is no $(fork_title "$fork") tree ($marker does not say so)"
        PLAN_KIND+=(git) PLAN_SRC+=("$dir $commit") PLAN_ID+=("git $commit")
        PLAN_DETAIL+=("git $dir ref $ref commit $commit")
    else
        [[ $tarball != - ]] || die "$fork: no release tarball; set ${knob}_GIT to a clone"
        [[ $sha =~ ^[0-9a-f]{64}$ ]] || die "$fork: no pinned sha256 for $tarball in ${FORKS_TABLE#"$REPO_ROOT"/}; set ${knob}_GIT to a clone"
        [[ -f $TARBALL_DIR/$tarball ]] || die "$fork: neither ${knob}_GIT (a clone) nor $TARBALL_DIR/$tarball (the pinned tarball) is there"
        verify_tarball "$TARBALL_DIR/$tarball" "$sha" || die "$fork: $tarball refused (checksum)"
        version=${tarball#"$fork"-} version=${version%.tar.gz}
        PLAN_KIND+=(tarball) PLAN_SRC+=("$TARBALL_DIR/$tarball") PLAN_ID+=("tarball $sha")
        PLAN_DETAIL+=("local $TARBALL_DIR/$tarball (sha256 $sha)")
    fi
    [[ $fork-$version =~ $FORK_NAME_RE ]] || die "$fork: version '$(shown "$version")' is not a usable name"
    PLAN_FORK+=("$fork") PLAN_NAME+=("$fork-$version") PLAN_RECIPE+=("$recipe")
}

fork_identity() { printf 'fork=%s|%s|recipe=%s.v%s|cc=%s\n' "$1" "$2" "$3" "$FORK_RECIPE_VERSION" "${CC:-gcc}"; }

# build_one I: build plan entry I (run in a subshell: a failure exits it).
build_one() {
    local i=$1 fork=${PLAN_FORK[$1]} name=${PLAN_NAME[$1]} recipe=${PLAN_RECIPE[$1]} identity
    identity=$(fork_identity "$fork" "${PLAN_ID[$i]}" "$recipe")
    mkdir -p "$INSTALL_ROOT" "$WORK_ROOT" "$LOG_ROOT"
    exec 9>"$WORK_ROOT/.$name.lock"
    flock -n 9 || { say "waiting for another build of $name"; flock 9; }
    final=$INSTALL_ROOT/$name
    if [[ ${FORCE:-0} != 1 && "$(installed_identity "$name")" == "$identity" ]]; then
        say "[skip] $name: already there ($final)"; return 0
    fi
    LOG=$LOG_ROOT/$name.log; : >"$LOG"
    started=$(now) step=export
    say "[start] $name"
    fail() {
        say "[FAILED] $name after $(( $(now) - started ))s at step '$step': $*; log: $LOG"
        tail -n 8 "$LOG" | sed 's/^/    | /' >&2
        rm -rf -- "${stage:-/nonexistent}"
        exit 1
    }
    trap 'fail "interrupted"' INT TERM
    work=$WORK_ROOT/$name stage=$INSTALL_ROOT/.tmp-$name.$$
    rm -rf -- "$work" "$stage"; mkdir -p "$work"
    if [[ ${PLAN_KIND[$i]} == git ]]; then
        SRC_KIND=git; read -r SRC_GIT_DIR SRC_GIT_COMMIT <<<"${PLAN_SRC[$i]}"
    else
        SRC_KIND=tarball SRC_TARBALL=${PLAN_SRC[$i]}
    fi
    say "  source: ${PLAN_DETAIL[$i]}"
    GIT_TEST_LAYOUT=fork unpack_source "$work/src" >>"$LOG" 2>&1 \
        || fail "export of the source failed${GIT_EXPORT_ERROR:+: $GIT_EXPORT_ERROR}"
    for p in "${GIT_MISSING[@]}"; do say "  left out (missing from the git history, test data): $(printable "$p")"; done
    # A half tree (an export cut short) must not reach configure.
    [[ "$(fork_version "$fork" "${name#"$fork"-}" <"$work/src/$(fork_marker "$fork")" 2>/dev/null)" == "${name#"$fork"-}" ]] \
        || fail "the exported tree is not $name (no or another $(fork_marker "$fork"))"
    setup_compiler
    run_fork_step() {
        step=$1; echo "=== $step" >>"$LOG"
        (cd "$work/src" && bash -c 'set -euo pipefail; source "$0/lib.sh"; source "$0/fork-recipes.sh"; "$@"' \
            "$BUILDS_SRC" "recipe_fork_${1}_$recipe" "$stage") >>"$LOG" 2>&1 </dev/null || fail "$step failed"
    }
    run_fork_step configure
    run_fork_step build
    run_fork_step install
    step=check
    lib=$(find "$stage/lib" -maxdepth 1 -type f -name 'libcrypto.so*' | head -n1)
    [[ -n $lib ]] || fail "no libcrypto.so was produced"
    check_fork_library "$fork" "$name" "$lib"
    publish "$i" "$identity"
}

# check_fork_library FORK NAME LIB: osslbench loads it and names it as the fork.
check_fork_library() {
    local want=$2 out
    [[ $1 == boringssl ]] && want=boringssl # BoringSSL says no version
    [[ -x $REPO_ROOT/bin/osslbench ]] || fail "bin/osslbench is not built (make first): cannot check the library"
    out=$("$REPO_ROOT/bin/osslbench" info --lib "$3" 2>&1) || { echo "$out" >>"$LOG"; fail "bin/osslbench info cannot use the library"; }
    echo "=== check: $out" >>"$LOG"
    awk -v w="$want" '$1 == "release" && $2 == w { found = 1 } END { exit !found }' <<<"$out" \
        || fail "bin/osslbench info does not name it $want: $(grep -m1 release <<<"$out")"
    grep -q "^  flavor  *$(fork_title "$1") " <<<"$out" || fail "bin/osslbench info does not see $(fork_title "$1"): $(grep -m1 flavor <<<"$out")"
    CHECK_LINE="bin/osslbench info --lib: release $want, flavor $(fork_title "$1")"
}

# publish I IDENTITY: build-info.txt, then the atomic rename into install/.
publish() {
    local i=$1 secs
    step=publish secs=$(( $(now) - started ))
    {
        echo "release=$name"
        echo "fork=$fork"
        echo "version=${name#"$fork"-}"
        echo "recipe=$recipe"
        echo "source=${PLAN_KIND[$i]}"
        echo "source_detail=${PLAN_DETAIL[$i]}"
        if [[ ${PLAN_KIND[$i]} == git ]]; then
            echo "git_commit=$SRC_GIT_COMMIT"
            echo "git_missing_count=${#GIT_MISSING[@]}"
            for p in "${GIT_MISSING[@]}"; do echo "git_missing=$(printable "$p")"; done
        fi
        echo "configure=$(sed -n 's/^=== configure line: //p' "$LOG" | head -n1)"
        echo "cc=$CC"
        echo "cc_version=$($CC --version 2>/dev/null | head -n1)"
        echo "ccache=$([[ $USING_CCACHE == 1 ]] && echo yes || echo no)"
        echo "jobs=$(fork_jobs)"
        echo "lib=lib/$(basename "$lib")"
        echo "check=$CHECK_LINE"
        echo "build_seconds=$secs"
        echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "host=$(uname -srm)"
        echo "identity=$2"
    } >"$stage/build-info.txt"
    if [[ -e $final ]]; then mv -- "$final" "$INSTALL_ROOT/.old-$name.$$"; fi
    mv -- "$stage" "$final"
    rm -rf -- "$INSTALL_ROOT/.old-$name.$$" "$work"
    trap - INT TERM
    say "[done] $name in ${secs}s (source: ${PLAN_KIND[$i]})"
}

main() {
    local forks=() fork knob var i t0 built=() already=() failed=() before
    if [[ -n ${FORKS:-} ]]; then
        read -r -a forks <<<"${FORKS//,/ }"
    else
        while IFS=$'\t' read -r fork knob _; do
            var=${knob}_GIT; [[ -z ${!var:-} ]] || forks+=("$fork")
        done < <(fork_rows)
    fi
    ((${#forks[@]})) || die "no fork to build: set LIBRESSL_GIT, AWSLC_GIT or BORINGSSL_GIT to a clone (or FORKS=<fork> with its pinned tarball in the tarball cache)"
    for fork in "${forks[@]}"; do plan "$fork"; done
    "$REPO_ROOT/tools/deps.sh" forks || exit 1
    t0=$(now)
    for i in "${!PLAN_NAME[@]}"; do
        before=$(cat "$INSTALL_ROOT/${PLAN_NAME[$i]}/build-info.txt" 2>/dev/null || true)
        if (build_one "$i"); then
            if [[ -n $before && $before == "$(cat "$INSTALL_ROOT/${PLAN_NAME[$i]}/build-info.txt")" ]]; then
                already+=("${PLAN_NAME[$i]}")
            else
                built+=("${PLAN_NAME[$i]} ($(sed -n 's/^build_seconds=//p' "$INSTALL_ROOT/${PLAN_NAME[$i]}/build-info.txt")s)")
            fi
        else
            failed+=("${PLAN_NAME[$i]}")
        fi
    done
    echo "== forks summary ($(( $(now) - t0 ))s, install root ${INSTALL_ROOT#"$REPO_ROOT"/})"
    ((${#built[@]})) && printf '   built:         %s\n' "${built[@]}"
    ((${#already[@]})) && echo "   already there: ${already[*]} (nothing to do)"
    for fork in "${failed[@]+"${failed[@]}"}"; do echo "   FAILED:        $fork (log: ${LOG_ROOT#"$REPO_ROOT"/}/$fork.log)"; done
    ((${#failed[@]} == 0))
}

main "$@"
