#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/build-all.sh — build several releases, one after the other, and end
# with a summary: built / already there / failed (with the tail of its log).
#
#   builds/build-all.sh [RELEASE...]      no argument: $OSSLBENCH_RELEASES, else the
#                                         default set (manifest column set=default)
# Exit status: 0 when every release is there at the end, 1 otherwise.
# One failing release does not stop the others.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# One function called on the last line: editing this file mid-run is harmless.
main() {
if (($#)); then
    releases=("$@")
elif [[ -n ${OSSLBENCH_RELEASES:-} ]]; then
    read -r -a releases <<<"$OSSLBENCH_RELEASES"
else
    mapfile -t releases < <(default_releases)
fi
((${#releases[@]})) || die "no release to build"

# Validate every name before building anything: a typo fails at once.
for r in "${releases[@]}"; do require_release "$r"; done
# So does a missing Debian package (tools/packages.tsv; installed as root).
"$REPO_ROOT/tools/deps.sh" releases || exit 1

built=() already=() failed=()
t0=$(now)
for r in "${releases[@]}"; do
    info=$INSTALL_ROOT/$r/build-info.txt
    before=$(cat "$info" 2>/dev/null || true)
    if "$BUILDS_SRC/build-release.sh" "$r" >/dev/null; then
        if [[ -n $before && $before == "$(cat "$info")" ]]; then
            already+=("$r")
        else
            built+=("$r ($(sed -n 's/^build_seconds=//p' "$INSTALL_ROOT/$r/build-info.txt")s, $(sed -n 's/^source=//p' "$INSTALL_ROOT/$r/build-info.txt"))")
        fi
    else
        failed+=("$r")
    fi
done

echo "== builds summary ($(( $(now) - t0 ))s, install root ${INSTALL_ROOT#"$REPO_ROOT"/})"
((${#built[@]}))   && printf '   built:         %s\n' "${built[@]}"
((${#already[@]})) && echo "   already there: ${already[*]} (nothing to do)"
for r in "${failed[@]+"${failed[@]}"}"; do
    echo "   FAILED:        $r — last lines of ${LOG_ROOT#"$REPO_ROOT"/}/$r.log:"
    tail -n 6 "$LOG_ROOT/$r.log" 2>/dev/null | sed 's/^/      | /'
done
((${#failed[@]} == 0))
}

main "$@"
