#!/usr/bin/env bats
# shellcheck disable=SC2030,SC2031 # run sets output/status/lines in each test's own scope, helpers included
# `make bisect` and `make track` on a git history of tests/fake-openssl (an
# OpenSSL-shaped tree whose libcrypto, a real SHA-256, builds in a second):
#   C0 the tree                       GOOD
#   C1 docs only                      good
#   C2 crypto.c does not compile      must be skipped (exit 125)
#   C3 the build fixed                good
#   C4 SPIN iterations per digest: the planted slowdown   <- the expected first bad commit
#   C5 docs only                      BAD
# git bisect tests C2 first (skip), then C3, then C4.  Each step builds the
# commit through builds/build-release.sh --git (the real recipe on the fake
# tree; tests/builds.bats makes the one real OpenSSL build of a test run) and
# measures sha256/16/evp.
# Also: one-line errors for bad input, and the user's clone left untouched.
# Needs: git, gcc, make, gnuplot.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export HIST=$BATS_FILE_TMPDIR/openssl
    # A fixed folder, so that last-test-run.txt outlives the run; libs/ (the
    # per-commit cache) is emptied: every commit is really built.
    export BISECT_BUILDS_DIR=$ROOT/build/bisect-test-builds
    rm -rf -- "$BISECT_BUILDS_DIR/libs"
    export OUT=$BATS_FILE_TMPDIR/out
    unset GOOD BAD WORKLOAD SIZE API TIME THRESHOLD METRIC BISECT_OUT OPENSSL_GIT
    make_history "$HIST" >"$BATS_FILE_TMPDIR/history.log" 2>&1 || echo "history failed" >"$BATS_FILE_TMPDIR/no-history"
    # The real run, once; the tests below inspect it.
    local t0=$SECONDS rc=0
    make -s -C "$ROOT" bisect OPENSSL_GIT="$HIST" GOOD=c0 BAD=c5 WORKLOAD=sha256 SIZE=16 API=evp \
        BISECT_OUT="$OUT" >"$BATS_FILE_TMPDIR/main.out" 2>"$BATS_FILE_TMPDIR/main.err" || rc=$?
    echo "$rc" >"$BATS_FILE_TMPDIR/main.rc"
    echo $((SECONDS - t0)) >"$BATS_FILE_TMPDIR/main.seconds"
    # Kept after the run (bats deletes its folders): the step lines and costs.
    { cat "$BATS_FILE_TMPDIR/main.err" "$BATS_FILE_TMPDIR/main.out"
      echo "exit $rc, total $((SECONDS - t0)) s"; } >"$BISECT_BUILDS_DIR/last-test-run.txt" 2>/dev/null || true
}

# make_history DIR: the five-commit history described at the top; tags
# c0..c5 name the commits.
make_history() (
    local dir=$1 src=crypto.c
    fake_openssl_repo "$dir" c0
    cd "$dir" || return
    echo "local note" >>README.md && git commit -qam "docs: a note in README" && git tag c1
    sed -i '1i #error "planted: this commit does not build"' "$src"
    git commit -qam "sha256: half-done refactor (does not build)" && git tag c2
    sed -i '1d' "$src"
    git commit -qam "sha256: fix the build" && git tag c3
    # 20000 volatile iterations per digest: a 16-byte digest gets >10x slower.
    sed -i 's/^#define SPIN 0$/#define SPIN 20000/' "$src"
    grep -q '^#define SPIN 20000$' "$src" || { echo "could not plant the slowdown"; return 1; }
    git commit -qam "sha256: extra work per digest (the planted slowdown)" && git tag c4
    echo "another note" >>README.md && git commit -qam "docs: another note" && git tag c5
    git checkout -q -b user-branch c1 # the user's own state, which must survive
)

# setup_file's history must exist: a failure there fails every test that needs it.
need_history() {
    if [[ -f $BATS_FILE_TMPDIR/no-history ]]; then cat "$BATS_FILE_TMPDIR/history.log"; false; fi
}

sha_of() { git -C "$HIST" rev-parse "$1"; }

@test "bisect: finds the planted first bad commit (real builds of the fake tree, real measurements)" {
    need_history
    cat "$BATS_FILE_TMPDIR/main.out" "$BATS_FILE_TMPDIR/main.err"
    echo "total: $(cat "$BATS_FILE_TMPDIR/main.seconds") s"
    [ "$(cat "$BATS_FILE_TMPDIR/main.rc")" -eq 0 ]
    [ "$(cat "$OUT/first-bad")" = "$(sha_of c4)" ]
    grep -q "^first slower commit: $(sha_of c4)" "$BATS_FILE_TMPDIR/main.out"
    grep -q "the planted slowdown" "$BATS_FILE_TMPDIR/main.out"
}

@test "bisect: the first bad commit explained against its parent: +N instr/op, most of it in the function that spins" {
    need_history
    command -v valgrind >/dev/null || skip "valgrind is not installed (apt-get install valgrind)"
    grep "not explained" "$BATS_FILE_TMPDIR/main.err" || true
    line=$(grep -A3 "^first slower commit: " "$BATS_FILE_TMPDIR/main.out" | grep "against its parent")
    [[ $line == "    against its parent $(sha_of c3 | cut -c1-12): +"*" instr/op: "*"% in "* ]]
    share=$(sed -E 's/.*instr\/op: ([0-9]+)% in ([^,]+).*/\1 \2/' <<<"$line")
    [ "$share" = "100 SHA256_Init" ] # the planted spin is all of the change
    [ -s "$OUT/explain.txt" ]
    charts=("$OUT"/explain/*.svg)
    [ "${#charts[@]}" -eq 2 ]
}

@test "bisect: the unbuildable commit was tried and skipped" {
    need_history
    awk -F'\t' -v c="$(sha_of c2)" '$1 == c && $6 == "skip" { found = 1 } END { exit !found }' "$OUT/steps.tsv"
    grep -q "$(sha_of c2 | cut -c1-12) .*does not build.*-> skip" "$BATS_FILE_TMPDIR/main.err"
}

@test "bisect: every step printed with commit, subject, rate and verdict; GOOD/BAD checked first" {
    need_history
    grep -Eq '^bisect: GOOD [0-9.]+ [kMG]?B/s, BAD [0-9.]+ [kMG]?B/s: BAD/GOOD = .* verdict slower' "$BATS_FILE_TMPDIR/main.err"
    grep -q 'boundary BAD/GOOD = .* (geometric midpoint)' "$BATS_FILE_TMPDIR/main.err"
    grep -Eq "^bisect: step [0-9]+: $(sha_of c4 | cut -c1-12) \"sha256: extra work.*\": [0-9.]+ [kMG]?B/s, x[0-9.]+ of GOOD .* -> bad" "$BATS_FILE_TMPDIR/main.err"
    grep -Eq "^bisect: step [0-9]+: $(sha_of c3 | cut -c1-12) .* -> good" "$BATS_FILE_TMPDIR/main.err"
    # header + GOOD + BAD + 3 steps
    [ "$(wc -l <"$OUT/steps.tsv")" -eq 6 ]
}

@test "bisect: chart of rate per tested commit (PNG and SVG)" {
    need_history
    [ -s "$OUT/rates.png" ]
    [ -s "$OUT/rates.svg" ]
    [ "$(head -c 4 "$OUT/rates.png" | tail -c 3)" = "PNG" ]
    grep -q '<svg' "$OUT/rates.svg"
}

@test "bisect: the user's clone, branch and work tree are untouched" {
    need_history
    [ "$(git -C "$HIST" symbolic-ref --short HEAD)" = user-branch ]
    [ "$(git -C "$HIST" rev-parse HEAD)" = "$(sha_of c1)" ]
    [ -z "$(git -C "$HIST" status --porcelain)" ]
    run git -C "$HIST" rev-parse -q --verify refs/bisect/bad
    [ "$status" -ne 0 ]
    [ ! -e "$HIST/.git/BISECT_LOG" ]
    [ "$(git -C "$HIST" worktree list | wc -l)" -eq 1 ]
}

@test "bisect: GOOD and BAD that do not differ stop with one line (exit 1)" {
    need_history
    run make -s -C "$ROOT" bisect OPENSSL_GIT="$HIST" GOOD=c0 BAD=c1 BISECT_OUT="$BATS_TEST_TMPDIR/o"
    echo "$output"
    [ "$status" -ne 0 ]
    [[ $output == *"bisect: error: GOOD and BAD do not differ on sha256/16/evp"*"nothing to bisect"* ]]
    [ "$(grep -c '^bisect: error' <<<"$output")" -eq 1 ]
}

@test "bisect: BAD a direct child of GOOD is itself the first bad commit (libraries reused)" {
    need_history
    run make -s -C "$ROOT" bisect OPENSSL_GIT="$HIST" GOOD=c3 BAD=c4 BISECT_OUT="$BATS_TEST_TMPDIR/o"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ $output == *"first slower commit: $(sha_of c4)"* ]]
}

@test "track: each commit against the reference, into the database; the planted slowdown flagged with its bisect line; again: nothing rebuilt" {
    need_history
    local db=$BATS_TEST_TMPDIR/t.db knobs
    # THRESHOLD=30: the planted slowdown is over 10x; a docs-only commit once
    # moved by 13% beside other builds (0.665 -> 0.752), a second "change".
    knobs=(OPENSSL_GIT="$HIST" BRANCH=c5 SINCE=c0 WORKLOAD=sha256 SIZE=16 API=evp DB="$db" THRESHOLD=30
        TRACK_OUT="$BATS_TEST_TMPDIR/track" REFERENCE_LIB="$SYSTEM_LIBCRYPTO")
    run make -s -C "$ROOT" track "${knobs[@]}"
    echo "$output"
    [ "$status" -ne 0 ] # a slowdown was flagged (track.sh exits 1; make says 2)
    [[ $output == *"track: $(sha_of c2 | cut -c1-12) does not build: skipped"* ]]
    [[ $output == *"track: change at $(sha_of c4 | cut -c1-12) (sha256: extra work per digest (the planted slowdown)): ratio to the reference "*" (slower)"* ]]
    [[ $output == *"confirm with: make bisect OPENSSL_GIT=$HIST GOOD=$(sha_of c3 | cut -c1-12) BAD=$(sha_of c4 | cut -c1-12) WORKLOAD=sha256 SIZE=16 API=evp"* ]]
    [ "$(grep -c 'track: change at' <<<"$output")" -eq 1 ] # c5 is as slow as c4: no second change
    [ "$("$OSSLBENCH" history --db "$db" --workload sha256 --label ref --format csv | tail -n +2 | wc -l)" -eq 5 ]
    # a nightly re-run: every commit already tracked, the same change found from the database
    run make -s -C "$ROOT" track "${knobs[@]}"
    [ "$status" -ne 0 ]
    [[ $output == *"track: 0 built and measured in "* ]]
    [[ $output == *"track: change at $(sha_of c4 | cut -c1-12) "* ]]
}

@test "bisect METRIC=instructions: one counted run per step finds the planted commit (libraries reused)" {
    need_history
    command -v valgrind >/dev/null || skip "valgrind is not installed (METRIC=instructions counts with it)"
    run make -s -C "$ROOT" bisect OPENSSL_GIT="$HIST" GOOD=c0 BAD=c5 METRIC=instructions \
        BISECT_OUT="$BATS_TEST_TMPDIR/o"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(cat "$BATS_TEST_TMPDIR/o/first-bad")" = "$(sha_of c4)" ]
    [[ $output == *"GOOD "*" instr/op, BAD "*" instr/op: BAD/GOOD = "*"verdict slower"* ]]
    # one run per step: each step's CSV has one sample per library
    local f
    for f in "$BATS_TEST_TMPDIR"/o/step-*.csv; do
        case $f in *.cmp.csv) continue ;; esac # compare's verdicts, not the run's rows
        [ "$(csv_fields "$f" samples | sort -u)" = 1 ]
        [ "$(csv_fields "$f" unit | sort -u)" = instr/op ]
    done
    # the chart says what it plots: counts, and the direction that was sought
    grep -q 'sha256/16/evp: instructions per tested commit' "$BATS_TEST_TMPDIR/o/rates.svg"
    grep -q 'first slower' "$BATS_TEST_TMPDIR/o/rates.svg"
}

# ---------------------------------------------------------------- bad input
# These need no build: a tiny repository is enough.
tiny_repo() {
    local d=$BATS_TEST_TMPDIR/tiny
    git init -q -b main "$d"
    for i in 1 2; do
        echo "$i" >"$d/f" && git -C "$d" add f
        git -C "$d" -c user.email=t@t.invalid -c user.name=t commit -qm "c$i"
    done
    echo "$d"
}

# one_line_error EXPECTED ARGS...: `bisect.sh` exits 2 with one line.
one_line_error() {
    local want=$1; shift
    run env "$@" bash "$ROOT/bisect/bisect.sh"
    echo "$output"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ ${lines[0]} == "bisect: error: "*"$want"* ]]
}

@test "bisect input: a path that is not a git repository" {
    one_line_error "is not a git repository" OPENSSL_GIT="$BATS_TEST_TMPDIR" GOOD=a BAD=b
    one_line_error "is not a folder" OPENSSL_GIT="$BATS_TEST_TMPDIR/nowhere" GOOD=a BAD=b
    one_line_error "OPENSSL_GIT is not set" OPENSSL_GIT= GOOD=a BAD=b
}

@test "bisect input: unknown refs, GOOD == BAD, GOOD not before BAD, option-like refs" {
    local d; d=$(tiny_repo)
    one_line_error "GOOD='no-such-tag' is not a commit" OPENSSL_GIT="$d" GOOD=no-such-tag BAD=main
    one_line_error "BAD='v9' is not a commit" OPENSSL_GIT="$d" GOOD=main~1 BAD=v9
    one_line_error "GOOD and BAD are the same commit" OPENSSL_GIT="$d" GOOD=main BAD=main
    one_line_error "is not an ancestor of BAD" OPENSSL_GIT="$d" GOOD=main BAD=main~1
    one_line_error "cannot start with '-'" OPENSSL_GIT="$d" GOOD=--all BAD=main
    one_line_error "GOOD is not set" OPENSSL_GIT="$d" GOOD= BAD=main
}

@test "bisect input: workload, size and API are validated; no shell injection through make" {
    local d; d=$(tiny_repo)
    one_line_error "WORKLOAD: 'md5;true' is not a workload name" OPENSSL_GIT="$d" GOOD=main~1 BAD=main 'WORKLOAD=md5;true'
    # each value judged by the runner's own parser (osslbench check-value), its line quoted
    one_line_error "WORKLOAD: unknown workload 'md6' (did you mean 'md5'?)" OPENSSL_GIT="$d" GOOD=main~1 BAD=main WORKLOAD=md6
    one_line_error "WORKLOAD: 'aes' names 3 workloads, not one" OPENSSL_GIT="$d" GOOD=main~1 BAD=main WORKLOAD=aes
    one_line_error "SIZE: block size '16 32' is not a positive whole number" OPENSSL_GIT="$d" GOOD=main~1 BAD=main 'SIZE=16 32'
    # the runner's own size grammar (k/K, m/M, at most 64 MiB), as SIZES= of make compare
    one_line_error "GOOD and BAD are the same commit" OPENSSL_GIT="$d" GOOD=main BAD=main SIZE=8K
    one_line_error "GOOD and BAD are the same commit" OPENSSL_GIT="$d" GOOD=main BAD=main SIZE=8k
    one_line_error "SIZE: block size '8x' is not a positive whole number" OPENSSL_GIT="$d" GOOD=main~1 BAD=main SIZE=8x
    one_line_error "SIZE: '16,8k' is a list, not one block size" OPENSSL_GIT="$d" GOOD=main~1 BAD=main SIZE=16,8k
    one_line_error "SIZE: block size must be at least 1 byte" OPENSSL_GIT="$d" GOOD=main~1 BAD=main SIZE=0k
    one_line_error "SIZE: block size '99M' is larger than the 64 MiB maximum" OPENSSL_GIT="$d" GOOD=main~1 BAD=main SIZE=99M
    one_line_error "TIME: 0 s is out of range (0.001 to 3600 s)" OPENSSL_GIT="$d" GOOD=main~1 BAD=main TIME=0
    one_line_error "GOOD and BAD are the same commit" OPENSSL_GIT="$d" GOOD=main BAD=main TIME=1e-1 THRESHOLD=2.5
    one_line_error "THRESHOLD: --threshold wants a percentage 0..1000, got '5%x'" OPENSSL_GIT="$d" GOOD=main~1 BAD=main THRESHOLD=5%x
    one_line_error "API: unknown API path 'evp-x' (did you mean 'evp'?)" OPENSSL_GIT="$d" GOOD=main~1 BAD=main API=evp-x
    one_line_error "API='evp,fetch' is not one of" OPENSSL_GIT="$d" GOOD=main~1 BAD=main API=evp,fetch
    one_line_error "METRIC: --metric is 'time' or 'instructions', not 'cycles'" OPENSSL_GIT="$d" GOOD=main~1 BAD=main METRIC=cycles
    one_line_error "GOOD: 'x;y' is not a commit, tag or branch name" OPENSSL_GIT="$d" GOOD='x;y' BAD=main
    # Quotes and $(...) in a make variable reach the script as data.
    run make -s -C "$ROOT" bisect OPENSSL_GIT="$d" GOOD="x'; touch $BATS_TEST_TMPDIR/pwned; '" BAD=main
    [ "$status" -ne 0 ]
    [[ $output == *"GOOD: 'x'; touch "*"' is not a commit, tag or branch name"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/pwned" ]
}

# make_refused KNOB TARGET ARGS...: one "bisect: error: KNOB: ..." line, exit 2.
make_refused() {
    local knob=$1 target=$2
    shift
    run make -s -C "$ROOT" "$@"
    echo "$output"
    [ "$status" -eq 2 ]
    [ "$(own_errors "$output" | wc -l)" -eq 1 ]
    [[ $output == "bisect: error: $knob: "*"(nothing was built or run)"* ]]
    [[ $target == bisect || $target == regress ]]
}

@test "bisect input: \$(shell ...) in any knob of make bisect / make regress runs nothing" {
    local d knob; d=$(tiny_repo)
    for knob in GOOD BAD OPENSSL_GIT WORKLOAD SIZE API TIME THRESHOLD METRIC BISECT_OUT BISECT_BUILDS_DIR; do
        make_refused "$knob" bisect OPENSSL_GIT="$d" GOOD=main~1 BAD=main "$knob=\$(shell touch $BATS_TEST_TMPDIR/pw-$knob)"
        [ ! -e "$BATS_TEST_TMPDIR/pw-$knob" ]
    done
    for knob in BASE NEW WORKLOADS SIZES API TIME THRESHOLD METRIC FORMAT RUN_ARGS REGRESS_OUT; do
        make_refused "$knob" regress BASE=a.csv NEW=b.csv "$knob=\$(shell touch $BATS_TEST_TMPDIR/pw-r-$knob)"
        [ ! -e "$BATS_TEST_TMPDIR/pw-r-$knob" ]
    done
    # a backquote is not a ref either
    make_refused GOOD bisect GOOD="\`touch $BATS_TEST_TMPDIR/pw-bq\`" OPENSSL_GIT="$d" BAD=main
    [ ! -e "$BATS_TEST_TMPDIR/pw-bq" ]
}
