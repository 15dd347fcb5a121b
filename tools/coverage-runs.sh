#!/usr/bin/env bash
# tools/coverage-runs.sh — the runs behind docs/method.md's coverage table:
# N rounds of one idle run and one busy run of the same plan, alternating.
#
#   tools/coverage-runs.sh OUTDIR N -- RUN OPTIONS (--lib ..., --workloads ...)
#
# Writes OUTDIR/idle<i>.csv and OUTDIR/busy<i>.csv (OUTDIR must not exist) and
# a line per run to OUTDIR/log (seconds, load average).  "Busy" is a shell
# loop pinned to the benchmark CPU for the whole run (BUSY_CPU, default the
# last CPU), the neighbour README's figures are measured beside.  Then:
#   tools/interval-coverage.sh --by op OUTDIR/idle*.csv         idle/idle
#   tools/interval-coverage.sh --by op OUTDIR/busy*.csv         busy/busy
#   tools/interval-coverage.sh --by op --across N OUTDIR/idle*.csv OUTDIR/busy*.csv
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${OSSLBENCH_BIN:-$ROOT/bin/osslbench}
die() { printf 'coverage-runs: %s\n' "$*" >&2; exit 2; }
[[ $# -ge 3 && ${3-} == -- ]] || die "usage: coverage-runs.sh OUTDIR N -- RUN OPTIONS"
out=$1 n=$2
shift 3
[[ $n =~ ^[1-9][0-9]?$ ]] || die "N: '$n' is not a count of rounds (1-99)"
cpu=${BUSY_CPU:-$(($(nproc) - 1))}
[[ $cpu =~ ^[0-9]+$ ]] || die "BUSY_CPU: '$cpu' is not a CPU number"
mkdir -- "$out" 2>/dev/null || die "$out: cannot create it (it must not exist)"
loop=
trap '[[ -z $loop ]] || kill "$loop" 2>/dev/null' EXIT
for ((i = 1; i <= n; i++)); do
    for mode in idle busy; do
        if [[ $mode == busy ]]; then
            taskset -c "$cpu" sh -c 'while :; do :; done' &
            loop=$!
        fi
        start=$(date +%s) rc=0
        "$BIN" run "$@" --csv "$out/$mode$i.csv" >/dev/null 2>"$out/$mode$i.err" || rc=$?
        if [[ -n $loop ]]; then
            kill "$loop"
            wait "$loop" 2>/dev/null || true
            loop=
        fi
        printf '%s%d exit %d, %d s, load %s\n' "$mode" "$i" "$rc" "$(($(date +%s) - start))" \
            "$(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
        ((rc <= 1)) || die "$mode run $i failed (exit $rc): $(tail -1 "$out/$mode$i.err")"
    done
done
