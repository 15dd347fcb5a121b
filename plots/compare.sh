#!/usr/bin/env bash
# plots/compare.sh — `make compare`: checks make's knobs (tools/knobs.sh) and
# the Debian packages the charts need (tools/deps.sh) before anything is
# loaded, then hands the run to `osslbench bench` (cli/cmd_bench.c), which
# finds the releases, builds them if none is installed, measures, writes the
# run folder and draws the charts.  The knobs are tools/knobs.tsv's, passed
# by make as COMPARE_<NAME>; the plots/README.md lists them.
# Exit status: 0 all rows ok; 1 some rows failed (their status says why), a
# bad knob, a missing package, or nothing could be measured; 130 interrupted.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
die() { printf 'compare: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=tools/knobs.sh
source "$REPO_ROOT/tools/knobs.sh"
# The values of runner options are judged by the runner's own parsers.
KNOB_RUNNER=$BIN
args=(bench --repo "$REPO_ROOT" --make "${COMPARE_MAKE:-${MAKE:-make}}"
    --installed "${OSSLBENCH_BUILDS_DIR:-$REPO_ROOT/builds}/install"
    --results-root "${COMPARE_RESULTS_ROOT:-$REPO_ROOT/results}")
run_opts=()
for k in $(knob_list compare); do
    v=COMPARE_$k
    [[ -n ${!v+x} ]] || continue
    p=$(knob_problem "$k" "${!v}") || die "$p (nothing was built or run)"
    args+=(--knob "$k=${!v}")
    [[ -n ${!v} ]] || continue
    opt=$(knob_run_option "$k") || opt=
    case $k:$opt in
        LIBS:* | RELEASES:* | BASELINE:* | SYSTEM_LIB:*) args+=("--$(tr 'A-Z_' 'a-z-' <<<"$k")" "${!v}") ;;
        NO_BUILD:*) [[ ${!v} != 1 ]] || args+=(--no-build) ;;
        *:) ;;
        *) case $(knob_kind "$k") in
            flag) [[ ${!v} != 1 ]] || run_opts+=("$opt") ;;
            providers) read -r -a items <<<"${!v//,/ }"
                for item in "${items[@]}"; do run_opts+=("$opt" "$item"); done ;;
            *) run_opts+=("$opt" "${!v}") ;;
        esac ;;
    esac
done
[[ -n ${COMPARE_SYSTEM_LIB+x} ]] || args+=(--system-lib "$("$PLOTS_DIR/system-lib.sh" || true)")
[[ -x $BIN ]] || die "$BIN is missing: run make first"
# A missing gnuplot found after twenty minutes of benchmarking would waste them.
"$REPO_ROOT/tools/deps.sh" charts || exit 1
exec "$BIN" "${args[@]}" -- "${run_opts[@]}"
