#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/list-releases.sh — the manifest, with what is installed.
#
#   builds/list-releases.sh            table: release, generation, debian, set, installed?
#   builds/list-releases.sh --default  names of the default set (`make builds`), one a line
#   builds/list-releases.sh --all      every manifest release name, one a line
#   builds/list-releases.sh --installed  every installed build name (incl. variants, git builds)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case ${1:-} in
    --default)   default_releases; exit 0 ;;
    --all)       all_releases; exit 0 ;;
    --installed)
        for d in "$INSTALL_ROOT"/*/; do
            [[ -f $d/build-info.txt ]] && basename "$d"
        done 2>/dev/null || true
        exit 0 ;;
    '') ;;
    *) die "unknown option '$1'" ;;
esac

printf '%-10s %-6s %-18s %-8s %-8s %s\n' release recipe debian set sha256 installed
manifest_rows | while IFS=$'\t' read -r rel gen _ sha debver set _; do
    state=-
    for n in "$rel" "$rel-noasm"; do
        info=$INSTALL_ROOT/$n/build-info.txt
        [[ -f $info ]] && state+=" $n($(sed -n 's/^source=//p' "$info"))"
    done
    [[ $state == - ]] || state=${state#- }
    [[ $sha =~ ^[0-9a-f]{64}$ ]] && pin=pinned || pin=$sha
    printf '%-10s %-6s %-18s %-8s %-8s %s\n' "$rel" "$gen" "$debver" "$set" "$pin" "$state"
done
# Builds that are not manifest releases (git builds, e.g. from bisect).
extra=$(for d in "$INSTALL_ROOT"/*/; do
    [[ -f $d/build-info.txt ]] || continue
    n=$(basename "$d"); [[ -n $(manifest_line "$(base_release "$n")") ]] || printf '%s ' "$n"
done 2>/dev/null || true)
[[ -z $extra ]] || echo "other installed builds: $extra"
echo "install root: $INSTALL_ROOT"
