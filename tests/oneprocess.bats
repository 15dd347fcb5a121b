#!/usr/bin/env bats
# `make compare` is one program's calls (issue 44): strace -f of a QUICK run
# sees `osslbench bench` exec no osslbench but its measuring children
# (`__child`) and no shell; the plan, the run, the history import, a library's
# release, the report and the charts are function calls of that one process,
# which execs gnuplot itself; the run's rows and metadata reach every writer
# after the runner in memory (issue 53).  Needs strace (skipped visibly
# without it).

load helpers

# strace -e trace=WHAT of a QUICK make compare into $st, then the make
# compare options given (the libraries).
traced_compare() {
    local what=$1
    shift
    run strace -f -qq -s 4096 -e trace="$what" -o "$st" make -s -C "$ROOT" compare QUICK=1 \
        WORKLOADS=sha256 SIZES=16 NO_BUILD=1 SYSTEM_LIB=none RESULTS_ROOT="$RES" "$@"
}

setup() {
    command -v strace >/dev/null || skip "strace is not installed (apt-get install strace)"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    make -C "$ROOT" -s >/dev/null
    compare_env
}

@test "make compare QUICK=1 execs osslbench only as bench and its __child children" {
    local st=$BATS_TEST_TMPDIR/st
    # a library given without a label: its release is read by a child
    traced_compare execve LIBS="$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ -s "$RES/latest/report.html" ]
    [ -s "$RES/latest/plots/speedup.txt" ]
    # make execs bench once: what follows in the trace is bench's
    run grep -cE 'execve\("[^"]*/osslbench", \["[^"]*", "bench"' "$st"
    [ "$output" = 1 ]
    sed -n '/execve("[^"]*\/osslbench", \["[^"]*", "bench"/,$p' "$st" >"$st.bench"
    run grep -E 'execve\("[^"]*/osslbench(-san)?", ' "$st.bench"
    [ "$status" -eq 0 ]
    run grep -vc '"__child"' <<<"$output"
    [ "$output" = 1 ] || { grep -E 'execve\("[^"]*/osslbench' "$st.bench" | grep -v '"__child"'; false; }
    # the children did run: one per library to read its release, then the run's
    run grep -c '"__child"' "$st.bench"
    [ "$output" -ge 2 ]
    # gnuplot straight from osslbench, no shell on the way
    run grep -cE 'execve\("[^"]*/gnuplot", ' "$st.bench"
    [ "$output" -ge 2 ]
    run grep -cE 'execve\("[^"]*/(ba)?sh"' "$st.bench"
    [ "$output" = 0 ]
}

@test "make compare hands its rows in memory (issue 53): results.csv and metadata.txt written once, read by nobody" {
    local st=$BATS_TEST_TMPDIR/st
    traced_compare openat LIBS="a=$SYSTEM_LIBCRYPTO b=$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ -s "$RES/latest/report.html" ]
    # read: an open of the file itself that is not for writing
    run grep -cE '/(results\.csv|metadata\.txt)", O_RDONLY' "$st"
    [ "$output" = 0 ] || { grep -E '/(results\.csv|metadata\.txt)", O_RDONLY' "$st"; false; }
    # written: once each, under FILE.partial (the runner's own file), never appended to after
    run grep -cE '/results\.csv(\.partial\.[0-9]+\.new)?", O_WRONLY' "$st"
    [ "$output" = 1 ]
    run grep -cE '/metadata\.txt(\.partial\.[0-9]+\.new)?", O_WRONLY' "$st"
    [ "$output" = 1 ] || { grep -E '/metadata\.txt' "$st"; false; }
    # every key make compare adds is in that one file, as before
    for k in run_id started finished make_command baseline wall_seconds runner_exit compare_interrupted; do
        grep -q "^$k: " "$RES/latest/metadata.txt" || { echo "no $k:"; false; }
    done
}
