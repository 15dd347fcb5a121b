#!/usr/bin/env bash
# Runs every unit test binary (cmocka) and every shell test file (bats), then
# prints one closing line CI can read: "tests: N passed, N failed, N skipped".
#   tests/run-all.sh UNIT_BINARY... [-- BATS_FILE...]
set -uo pipefail
passed=0 failed=0 skipped=0
units=() bats_files=()
while (($#)); do
    if [[ $1 == -- ]]; then shift; bats_files=("$@"); break; fi
    units+=("$1"); shift
done

for t in "${units[@]}"; do
    out=$("$t" 2>&1); rc=$?
    printf '%s\n' "$out"
    # a binary may run several groups (one per library): add up every summary
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' <<<"$out" | awk '{ s += $1 } END { if (NR) print s }')
    passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0})) skipped=$((skipped + ${k:-0}))
    # a binary that died before its summary still counts as a failure
    if ((rc != 0)) && [[ -z $f ]]; then failed=$((failed + 1)); fi
done

if ((${#bats_files[@]})); then
    while IFS= read -r line; do
        printf '%s\n' "$line"
        case $line in
            "ok "*"# skip"*) skipped=$((skipped + 1)) ;;
            "ok "*) passed=$((passed + 1)) ;;
            "not ok "*) failed=$((failed + 1)) ;;
        esac
    done < <(bats --tap --print-output-on-failure "${bats_files[@]}" 2>&1)
fi

echo "tests: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
