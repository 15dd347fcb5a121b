#!/usr/bin/env bash
# `make lint`: ShellCheck on every shell file of the project -- *.sh, *.bash,
# *.bats and scripts whose first line names a shell (.ci/run) -- following
# sourced files (-x, relative to each script).  ShellCheck reads .bats files
# as bats (SC2314/SC2315: a `!` that does not fail the test).  It does not
# see the other way an assertion is lost in bats: the left side of an &&
# chain fails nothing unless it is the test's last line; that is checked
# here too.  Exit 1 on any finding.
#   tests/lint.sh           every shell file of the project
#   tests/lint.sh FILE...   just those (tests/lint.bats)
set -euo pipefail

if (($#)); then
    all=("$@")
else
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        mapfile -t all < <(git ls-files)
    else
        mapfile -t all < <(find . -path ./build -prune -o -type f -print | sed 's|^\./||')
    fi
fi
files=() bats=()
for f in "${all[@]}"; do
    [[ -f $f ]] || continue
    case $f in
        *.sh | *.bash) files+=("$f") ;;
        *.bats) files+=("$f") bats+=("$f") ;;
        *) if head -n 1 -- "$f" | grep -qE '^#!.*\b(ba)?sh\b'; then files+=("$f"); fi ;;
    esac
done
((${#files[@]})) || { echo "lint: no shell files found" >&2; exit 1; }

rc=0
shellcheck -x -P SCRIPTDIR "${files[@]}" || rc=1
if ((${#bats[@]})) && grep -nHE '^\s*(\[\[?|!) .*\]\]? && (\[\[?|!) ' "${bats[@]}"; then
    echo "lint: an assertion chained with && fails nothing unless it is the test's last line;" \
        "put each on its own line" >&2
    rc=1
fi
((rc == 0)) && echo "lint: ShellCheck clean on ${#files[@]} shell files (${#bats[@]} bats files)"
exit "$rc"
