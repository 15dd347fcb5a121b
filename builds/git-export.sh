#!/usr/bin/env bash
# builds/git-export.sh — export one commit of a git history that may lack blobs
# (a snapshot without its large blobs, a user's `clone --filter=blob:limit=…`).
#
#   builds/git-export.sh DIR REF DEST    export REF of the clone DIR into DEST (must not
#                                        exist); prints the missing paths left out, one a line
# Exit 0: DEST holds every file of REF but the listed ones, all tolerated (test data).
# Exit 1: a build input is missing, or git/tar failed: one-line error, DEST not created.
# Also sourced by build-release.sh (through sources.sh) for git_export and git_offline.
#
# The clone is only read: nothing is ever written into it, and no command may
# fetch lazily from a promisor remote (a build must not hit the network behind
# the user's back, and a snapshot has no remote that could answer).

# Missing blobs that do not stop a build.  GIT_TEST_LAYOUT=openssl (default):
# OpenSSL's test data and fuzz corpora (evprand.txt, evppkey_slh_dsa_*.txt,
# 1.1.1's test/drbg_cavs_data.c are the ones snapshots lack), but never a
# build.info: ./config reads every one.  GIT_TEST_LAYOUT=fork: the CMake and
# autotools forks keep test data beside the code (AWS-LC's
# crypto/cipher_extra/test/, ml_kem/kat/, *_tests.txt, crypto_test_data.cc.tar.bz2;
# BoringSSL's hpke/test-vectors.json), built only with tests on, which
# builds-forks turns off: a path with "test" in a folder or file name, or a
# kat/ folder; never a CMakeLists.txt or a build script.
missing_tolerated() {
    case ${GIT_TEST_LAYOUT:-openssl} in
        fork)
            case $1 in
                CMakeLists.txt|*/CMakeLists.txt|*.cmake|*/Makefile.am|*/configure*) return 1 ;;
                *test*|*/kat/*)                                               return 0 ;;
                *)                                                            return 1 ;;
            esac ;;
        *)
            case $1 in
                build.info|*/build.info) return 1 ;;
                test/*|fuzz/corpora/*)   return 0 ;;
                *)                       return 1 ;;
            esac ;;
    esac
}

# git_offline DIR ARGS...: git on DIR that cannot fetch a missing object.
# GIT_NO_LAZY_FETCH is the switch of git >= 2.44 and of the 2.39.4+ security
# releases (Debian's 2.39.5 honours it); an older git ignores it and would run
# `git fetch` from the promisor remote, which protocol.allow=never turns into
# an immediate error on every git.
git_offline() {
    local dir=$1; shift
    GIT_NO_LAZY_FETCH=1 GIT_TERMINAL_PROMPT=0 git -C "$dir" -c protocol.allow=never "$@"
}

# printable PATH: a path as it may appear in a message or metadata line.
printable() { printf '%s\n' "${1//[^[:print:]]/?}"; }

# git_missing_paths DIR COMMIT: the paths of COMMIT's tree whose blob is not in
# DIR, NUL-terminated.  Fails when the tree itself cannot be listed (a missing
# tree: --filter=tree:0), since then nobody can tell what is missing.
git_missing_paths() {
    local dir=$1 commit=$2 walk line meta type oid _
    local -A missing=()
    walk=$(git_offline "$dir" rev-list --objects --missing=print "$commit^{tree}") \
        || { printf "%s\0" "cannot walk the tree of $commit (git rev-list failed)"; return 1; }
    while IFS= read -r line; do
        [[ $line == '?'* ]] && missing[${line#\?}]=1
    done <<<"$walk"
    ((${#missing[@]})) || return 0
    git_offline "$dir" ls-tree -r --full-tree --name-only "$commit" >/dev/null \
        || { printf "%s\0" "cannot list the tree of $commit (missing trees?)"; return 1; }
    while IFS= read -r -d '' line; do
        meta=${line%%$'\t'*}
        read -r _ type oid <<<"$meta"
        [[ $type == blob && -n ${missing[$oid]:-} ]] && printf '%s\0' "${line#*$'\t'}"
    done < <(git_offline "$dir" ls-tree -r -z --full-tree "$commit")
    return 0
}

# git_export DIR COMMIT DEST: export COMMIT into DEST (must not exist) without
# its missing blobs.  Sets GIT_MISSING (array of the paths left out).  On a
# missing build input or any failed step: GIT_EXPORT_ERROR (one line),
# return 1, no DEST.
git_export() {
    local dir=$1 commit=$2 dest=$3 tmp p inputs=() excludes=() st
    GIT_MISSING=() GIT_EXPORT_ERROR=''
    mapfile -t -d '' GIT_MISSING < <(git_missing_paths "$dir" "$commit"; printf 'rc=%s\0' "$?")
    st=${GIT_MISSING[-1]}; unset 'GIT_MISSING[-1]'
    if [[ $st != rc=0 ]]; then
        GIT_EXPORT_ERROR=$(printable "${GIT_MISSING[*]}"); GIT_MISSING=(); return 1
    fi
    for p in "${GIT_MISSING[@]}"; do
        missing_tolerated "$p" || inputs+=("$(printable "$p")")
        excludes+=(":(top,literal,exclude)$p")
    done
    if ((${#inputs[@]})); then
        GIT_EXPORT_ERROR="build input missing from the git history: ${inputs[0]}"
        ((${#inputs[@]} == 1)) || GIT_EXPORT_ERROR+=" and $((${#inputs[@]} - 1)) more"
        GIT_EXPORT_ERROR+=" (only test data may be missing: get the full history or a tarball)"
        return 1
    fi
    tmp=$(mktemp -d "$(dirname "$dest")/.export-XXXXXX") || { GIT_EXPORT_ERROR="cannot create a folder beside $dest"; return 1; }
    # Plain `git archive` first loads the whole tree into an index to read its
    # attributes, which touches every blob: a partial clone then fetches (or,
    # offline, dies on) the very blobs excluded below.  --worktree-attributes
    # skips that index; the commit's own top-level .gitattributes (OpenSSL has
    # no other) is handed over as core.attributesFile, so export-ignore
    # (fuzz/corpora, dot files, dev/) still applies as in upstream's tarballs.
    : >"$tmp/attributes"
    if git_offline "$dir" rev-parse -q --verify "$commit:.gitattributes" >/dev/null; then
        git_offline "$dir" cat-file blob "$commit:.gitattributes" >"$tmp/attributes" 2>"$tmp/err" \
            || { GIT_EXPORT_ERROR="cannot read .gitattributes of $commit: $(head -n1 "$tmp/err")"; rm -rf -- "$tmp"; return 1; }
    fi
    # No pathspec = the whole tree; only exclusions = all of it but those.
    git_offline "$dir" -c core.attributesFile="$tmp/attributes" archive --worktree-attributes \
        --format=tar --prefix=tree/ "$commit" -- "${excludes[@]}" 2>"$tmp/err" | tar -x -C "$tmp"
    st=("${PIPESTATUS[@]}")
    if [[ ${st[0]} != 0 || ${st[1]} != 0 ]]; then
        GIT_EXPORT_ERROR="git archive | tar failed (git exit ${st[0]}, tar exit ${st[1]})"
        [[ -s $tmp/err ]] && GIT_EXPORT_ERROR+=": $(printable "$(head -n1 "$tmp/err")")"
        rm -rf -- "$tmp"; return 1
    fi
    mv -- "$tmp/tree" "$dest" && rm -rf -- "$tmp"
}

git_export_main() {
    (($# == 3)) || { sed -n '4,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
    local dir=$1 ref=$2 dest=$3 commit p
    [[ $ref != -* ]] || { echo "git-export: error: refusing ref starting with '-'" >&2; exit 1; }
    [[ ! -e $dest ]] || { echo "git-export: error: $dest already exists" >&2; exit 1; }
    commit=$(git_offline "$dir" rev-parse -q --verify "$ref^{commit}" 2>/dev/null) \
        || { echo "git-export: error: no ref '$(printable "$ref")' in $dir" >&2; exit 1; }
    git_export "$dir" "$commit" "$dest" || { echo "git-export: error: $GIT_EXPORT_ERROR" >&2; exit 1; }
    for p in "${GIT_MISSING[@]}"; do printable "$p"; done
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -uo pipefail
    git_export_main "$@"
fi
