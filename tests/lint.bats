#!/usr/bin/env bats
# The test tooling itself: `make lint` finds assertions bats would ignore,
# and tests/run-all.sh counts every cmocka group of a unit-test binary.

load helpers

setup() {
    TMP=$BATS_TEST_TMPDIR
}

need_shellcheck() {
    command -v shellcheck >/dev/null || skip "shellcheck is not installed (Debian: shellcheck)"
}

@test "lint: the project's shell code is ShellCheck-clean" {
    need_shellcheck
    run "$ROOT/tests/lint.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ ${lines[-1]} == "lint: ShellCheck clean on "*" shell files ("*" bats files)" ]]
}

@test "lint: a '!' line and a chained assertion that bats would ignore are findings" {
    need_shellcheck
    printf '%s\n' '#!/usr/bin/env bats' '@test "x" {' '    ! false' '    true' '}' >"$TMP/bang.bats"
    run "$ROOT/tests/lint.sh" "$TMP/bang.bats"
    [ "$status" -eq 1 ]
    [[ $output == *SC2314* ]]
    printf '%s\n' '#!/usr/bin/env bats' '@test "x" {' '    [ -e /nonexistent ] && [ -e / ]' '    true' '}' \
        >"$TMP/chain.bats"
    run "$ROOT/tests/lint.sh" "$TMP/chain.bats"
    [ "$status" -eq 1 ]
    [[ $output == *"chain.bats:3:"*"put each on its own line"* ]]
    printf '%s\n' '#!/usr/bin/env bats' '@test "x" {' '    [ -e / ]' '    [ -e /tmp ]' '}' >"$TMP/good.bats"
    run "$ROOT/tests/lint.sh" "$TMP/good.bats"
    [ "$status" -eq 0 ]
}

# fake_unit FILE EXIT LINES...: a unit-test "binary" printing cmocka output
fake_unit() {
    local f=$1 rc=$2; shift 2
    { echo '#!/bin/sh'; printf "echo '%s'\n" "$@"; echo "exit $rc"; } >"$f"
    chmod +x "$f"
}

@test "run-all.sh adds up every cmocka group of a binary, failures and skips" {
    fake_unit "$TMP/two_groups" 1 \
        '[==========] Running 3 test(s).' '[  PASSED  ] 3 test(s).' \
        '[==========] Running 4 test(s).' '[  PASSED  ] 2 test(s).' '[  SKIPPED ] 1 test(s), listed below:' \
        '[  FAILED  ] 1 test(s), listed below:' '[  FAILED  ] some_test'
    fake_unit "$TMP/one_group" 0 '[==========] Running 2 test(s).' '[  PASSED  ] 2 test(s).'
    run "$ROOT/tests/run-all.sh" "$TMP/two_groups" "$TMP/one_group"
    [ "$status" -ne 0 ]
    [ "${lines[-1]}" = "tests: 7 passed, 1 failed, 1 skipped" ]
}

@test "run-all.sh: a binary that dies before its summary is a failure" {
    fake_unit "$TMP/dies" 139 '[==========] Running 3 test(s).' '[ RUN      ] first'
    run "$ROOT/tests/run-all.sh" "$TMP/dies"
    [ "$status" -ne 0 ]
    [ "${lines[-1]}" = "tests: 0 passed, 1 failed, 0 skipped" ]
}
