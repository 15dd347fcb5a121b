#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/build-release.sh — build ONE OpenSSL libcrypto into builds/install/<name>/.
#
#   builds/build-release.sh [--force] RELEASE            release from builds/releases.tsv
#                                                        (RELEASE-noasm = same, configured no-asm)
#   builds/build-release.sh --git DIR --ref REF --name NAME [--generation GEN] [--force]
#                                                        any commit of an OpenSSL clone
#                                                        (bisect entry point; NAME-noasm works too)
#
# On success prints the installed libcrypto path on stdout (one line) and exits
# 0, also when it was already built from the same origin (idempotent).  Progress
# and errors go to stderr; the full build output to builds/logs/<name>.log.
# Environment: CC, APPS=1, FORCE=1, OPENSSL_GIT, OSSLBENCH_SOURCES, OSSLBENCH_TARBALLS,
# OSSLBENCH_BUILDS_DIR, OSSLBENCH_JOBS, OSSLBENCH_CONFIG_OPTS, OSSLBENCH_MODULES=0,
# OSSLBENCH_KEEP_WORK=1 (keep builds/work/<name> after success).
set -euo pipefail
shopt -s extglob   # must be on before main() below is parsed
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$BUILDS_SRC/sources.sh"
source "$BUILDS_SRC/recipes.sh"   # detect_generation; the recipes themselves run in run_step

usage() { sed -n '3,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# The whole script is one function, called on the last line: bash then parses
# it completely before running, so editing or updating this file while a long
# build runs (git pull, a bisect next to make builds) cannot derail that build.
main() {
git_dir='' git_ref='' name='' gen=''
while (($#)); do
    case $1 in
        --git)        git_dir=${2:?--git needs a folder}; shift 2 ;;
        --ref)        git_ref=${2:?--ref needs a value}; shift 2 ;;
        --name)       name=${2:?--name needs a value}; shift 2 ;;
        --generation) gen=${2:?--generation needs a value}; shift 2 ;;
        --force)      FORCE=1; shift ;;
        -h|--help)    usage ;;
        -*)           die "unknown option '$1'" ;;
        *)            [[ -z $name ]] || usage; name=$1; shift ;;
    esac
done
[[ -n $name ]] || usage
base=$(base_release "$name")
noasm=0; is_noasm "$name" && noasm=1

# ------------------------------------------------------------ what to build
if [[ -n $git_dir ]]; then
    # Git mode: NAME is free (bisect uses commit ids) but must be a safe word.
    valid_name "$name" || die "invalid build name '${name//[^[:print:]]/?}' (must match $NAME_RE)"
    [[ -n $git_ref ]] || die "--git needs --ref"
    [[ -z $gen || $gen =~ ^(0\.9\.8|1\.0|1\.1|3)$ ]] || die "unknown generation '$gen'"
    git_dir=$(cd "$git_dir" 2>/dev/null && pwd) || die "git folder '$git_dir' not found"
    export OPENSSL_GIT=$git_dir
    SOURCES_ORDER=git
    try_git "$git_dir" "$git_ref" || die "cannot resolve ref '$git_ref' in $git_dir"
    origin="git $SRC_GIT_COMMIT noasm=$noasm gen=$gen"
    tarball=- sha=- debver=-
    # A release name keeps its manifest recipe; other names are detected later.
    if [[ -z $gen && -n $(manifest_line "$base") ]]; then gen=$(manifest_field "$base" 2); fi
else
    require_release "$name"
    IFS=$'\t' read -r _ gen tarball sha debver _ <<<"$(manifest_line "$base")"
    git_ref=${git_ref:-$(git_tag_for "$base")}
    # Identity = what determines the product (name, recipe, tarball, checksum);
    # editing the notes column does not trigger a rebuild.
    origin="$(manifest_line "$base" | cut -f1-4) noasm=$noasm"
fi

mkdir -p "$INSTALL_ROOT" "$WORK_ROOT" "$LOG_ROOT"
# One build per name at a time (make -j builds, a bisect next to make builds).
exec 9>"$WORK_ROOT/.$name.lock"
flock -n 9 || { say "waiting for another build of $name"; flock 9; }

final=$INSTALL_ROOT/$name
lib_of() { find "$1/lib" -maxdepth 1 -type f -name 'libcrypto.so.*' | head -n1; }

if is_current "$name" "$origin"; then
    say "[skip] $name: already there ($final)"
    lib_of "$final"
    exit 0
fi

# ------------------------------------------------------------ build
LOG=$LOG_ROOT/$name.log
: >"$LOG"
started=$(now)
step=prepare
say "[start] $name"

fail() {
    say "[FAILED] $name after $(( $(now) - started ))s at step '$step': $*; log: $LOG"
    tail -n 8 "$LOG" | sed 's/^/    | /' >&2
    rm -rf -- "${stage:-/nonexistent}"
    exit 1
}
trap 'fail "interrupted"' INT TERM

# A killed earlier run may have left a work tree or a staging folder: both are
# only ever scratch, so start from clean.
work=$WORK_ROOT/$name
# (+([0-9]) = the pid suffix only, so build "1.1" never matches 1.1.1w's staging.)
rm -rf -- "$work" "$INSTALL_ROOT/.tmp-$name".+([0-9]) "$INSTALL_ROOT/.old-$name".+([0-9])
mkdir -p "$work"

step=fetch
find_source "$base" "$tarball" "$sha" "$debver" "$git_ref" || fail "no usable source"
say "  source: $SRC_DETAIL"

step=unpack
if ! unpack_source "$work/src" >>"$LOG" 2>&1; then
    # One line: the reason is the whole story (no log tail to read).
    if [[ -n $GIT_EXPORT_ERROR ]]; then
        echo "builds: error: $name: refused, nothing built: $GIT_EXPORT_ERROR" >>"$LOG"
        die "$name: refused, nothing built: $GIT_EXPORT_ERROR"
    fi
    fail "unpack failed"
fi
for p in "${GIT_MISSING[@]}"; do say "  left out (missing from the git history, test data): $(printable "$p")"; done
if [[ -z $gen ]]; then gen=$(detect_generation "$work/src") || fail "cannot tell the OpenSSL generation of this tree (use --generation)"; fi

setup_compiler
# run_step STEP FUNCTION ARGS...: one recipe function in a child shell where
# `set -e` really applies, inside the source tree, output to the log.
run_step() {
    step=$1; shift
    echo "=== $step: $*" >>"$LOG"
    (cd "$work/src" && bash -c 'set -euo pipefail; source "$0/lib.sh"; source "$0/recipes.sh"; "$@"' \
        "$BUILDS_SRC" "$@") >>"$LOG" 2>&1 </dev/null || fail "$step failed"
}

stage=$INSTALL_ROOT/.tmp-$name.$$
run_step configure recipe_configure "$gen" "$noasm"
run_step build recipe_build "$gen"
run_step extras recipe_build_extras "$gen"
run_step install recipe_install "$stage"

# ------------------------------------------------------------ check it loads
step=check
lib=$(lib_of "$stage") ; [[ -n $lib ]] || fail "no libcrypto.so.* was produced"
if [[ -x $REPO_ROOT/bin/osslbench ]]; then
    check_how="bin/osslbench info --lib"
    check_out=$("$REPO_ROOT/bin/osslbench" info --lib "$lib" 2>&1) \
        || { echo "$check_out" >>"$LOG"; fail "bin/osslbench info cannot use the library"; }
else
    # bin/osslbench not there yet: check the version entry point is exported.
    check_how="nm -D (bin/osslbench absent)"
    check_out=$(nm -D --defined-only "$lib" \
        | awk '$3 ~ /^(OpenSSL_version_num|SSLeay)(@|$)/ { print; found = 1 } END { exit !found }') \
        || fail "libcrypto exports neither OpenSSL_version_num nor SSLeay"
fi
echo "=== check ($check_how): $check_out" >>"$LOG"
# A manifest release must carry its own version text (catches a wrong tarball or tag).
if [[ -z $git_dir ]] && ! grep -aqF "OpenSSL $base " "$lib"; then
    fail "library does not identify as OpenSSL $base"
fi
if [[ ${APPS:-0} == 1 ]]; then
    want=''; [[ -n $git_dir ]] || want="OpenSSL $base "
    apps_out=$(recipe_check_apps "$stage" "$want" 2>&1) || { echo "$apps_out" >>"$LOG"; fail "$(tail -n1 <<<"$apps_out")"; }
    echo "=== check apps: $apps_out" >>"$LOG"
fi
# The compiler line OpenSSL embeds (OpenSSL_version(OPENSSL_CFLAGS)) is the exact truth.
cflags=$(grep -ao 'compiler: [[:print:]]*' "$lib" | grep -v '^compiler: %s$' | head -n1 || true)
cflags=${cflags#compiler: }
# 0.9.8/1.0.x keep only a "compiler: %s" format in the library: use the Makefile.
[[ -n $cflags ]] || cflags="$CC $(sed -n 's/^CFLAG= *//p' "$work/src/Makefile" | head -n1)"

# ------------------------------------------------------------ metadata, publish
step=publish
secs=$(( $(now) - started ))
case $SRC_KIND in git) sha_out="n/a (git commit $SRC_GIT_COMMIT)" ;; *) sha_out=$sha ;; esac
{
    echo "release=$name"
    echo "base_release=$base"
    echo "variant=$([[ $noasm == 1 ]] && echo no-asm || echo default)"
    echo "generation=$gen"
    echo "source=$SRC_KIND"
    echo "source_detail=$SRC_DETAIL"
    if [[ $SRC_KIND == git ]]; then
        echo "git_ref=$git_ref"; echo "git_commit=$SRC_GIT_COMMIT"
        echo "git_missing_count=${#GIT_MISSING[@]}"
        for p in "${GIT_MISSING[@]}"; do echo "git_missing=$(printable "$p")"; done
    fi
    echo "sha256=$sha_out"
    echo "configure=$(sed -n 's/^=== configure line: //p' "$LOG" | head -n1)"
    echo "cc=$CC"
    echo "cc_version=$($CC --version 2>/dev/null | head -n1)"
    echo "ccache=$([[ $USING_CCACHE == 1 ]] && echo yes || echo no)"
    echo "cflags=$cflags"
    echo "jobs=${OSSLBENCH_JOBS:-$(nproc)}"
    echo "apps=${APPS:-0}"
    [[ ${APPS:-0} == 1 ]] && echo "openssl=bin/openssl (DT_RPATH \$ORIGIN/../lib: this build's libcrypto and libssl)"
    echo "lib=lib/$(basename "$lib")"
    echo "check=$check_how: $(grep -m1 version_text <<<"$check_out" || head -n1 <<<"$check_out")"
    echo "build_seconds=$secs"
    echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host=$(uname -srm)"
    echo "identity=$(build_identity "$origin")"
} >"$stage/build-info.txt"

# Atomic publish: the final folder appears complete or not at all.
if [[ -e $final ]]; then mv -- "$final" "$INSTALL_ROOT/.old-$name.$$"; fi
mv -- "$stage" "$final"
rm -rf -- "$INSTALL_ROOT/.old-$name.$$"
[[ ${OSSLBENCH_KEEP_WORK:-0} == 1 ]] || rm -rf -- "$work"
trap - INT TERM

say "[done] $name in ${secs}s (source: $SRC_KIND)"
echo "$final/lib/$(basename "$lib")"
}

main "$@"
