#!/usr/bin/env bash
# Runs every unit test binary (cmocka) and every shell test file (bats), then
# prints the wall time of each file, the slowest first (so a slow test is seen
# the day it is added; TESTING.md gives the budget), and one closing line CI
# can read, always the last: "tests: N passed, N failed, N skipped".
#   tests/run-all.sh UNIT_BINARY... [-- BATS_FILE...]
set -uo pipefail
passed=0 failed=0 skipped=0
units=() bats_files=() times=()
while (($#)); do
    if [[ $1 == -- ]]; then shift; bats_files=("$@"); break; fi
    units+=("$1"); shift
done

for t in "${units[@]}"; do
    t0=$SECONDS
    out=$("$t" 2>&1); rc=$?
    times+=("$((SECONDS - t0)) $t")
    printf '%s\n' "$out"
    # a binary may run several groups (one per library): add up every summary
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0})) skipped=$((skipped + ${k:-0}))
    # a binary that died before its summary still counts as a failure
    if ((rc != 0)) && [[ -z $f ]]; then failed=$((failed + 1)); fi
done

# One bats run per file: its wall time includes setup_file, where the
# expensive work (builds, full runs) of a file usually happens.
for b in "${bats_files[@]}"; do
    t0=$SECONDS
    while IFS= read -r line; do
        printf '%s\n' "$line"
        case $line in
            "ok "*"# skip"*) skipped=$((skipped + 1)) ;;
            "ok "*) passed=$((passed + 1)) ;;
            "not ok "*) failed=$((failed + 1)) ;;
        esac
    done < <(bats --tap --print-output-on-failure "$b" 2>&1)
    times+=("$((SECONDS - t0)) $b")
done

total=0
for t in "${times[@]}"; do total=$((total + ${t%% *})); done
echo "time per test file, slowest first (${total} s in all):"
printf '%s\n' "${times[@]}" | sort -rn | awk '{ printf "  %5d s  %s\n", $1, $2 }'
echo "tests: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
