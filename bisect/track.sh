#!/usr/bin/env bash
# bisect/track.sh — follow one point (workload x size x API) along a branch
# of an OpenSSL git history, commit by commit, into the history database.
# What `make track` runs; re-runnable (a nightly job): a commit already in
# the database is not built or measured again.
#
#   OPENSSL_GIT=/path/to/openssl [BRANCH=master] [SINCE=<ref>] [EVERY=N]
#   [WORKLOAD=sha256] [SIZE=16] [API=evp] [TIME=1] [THRESHOLD=5]
#   [METRIC=time|instructions] [REFERENCE_LIB=path] [DB=results/osslbench.db]
#   [TRACK_OUT=dir] [BISECT_BUILDS_DIR=dir] bisect/track.sh
#
# 1. the commits SINCE..BRANCH on its first-parent line (SINCE itself first;
#    default the 20 newest), every EVERY-th of them;
# 2. each one not yet in the database is built (builds/, ccache; the same
#    per-commit cache as make bisect) and measured against a fixed reference
#    library (REFERENCE_LIB, default the system libcrypto) in the same run,
#    labelled by its 12-hex short id, and imported (osslbench db import);
# 3. over all tracked commits, each one's ratio to the reference: a change is
#    a ratio that leaves the band of the commits before it since the last
#    change (median +- max(THRESHOLD%, 3 robust deviations); the previous
#    commit alone while fewer than 3) and that `osslbench regress` of the two
#    runs calls slower or faster; each change is printed with the make bisect
#    line that would confirm it.
# Exit: 0 no slowdown, 1 a slowdown flagged, 2 bad input.
set -euo pipefail
export SAY_AS=track # lib.sh's messages say "track:"
# shellcheck source=bisect/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

point_knobs track
DB=${DB:-$REPO_ROOT/results/osslbench.db}
[[ ${EVERY:-1} -ge 1 ]] || die "EVERY=$EVERY: at least 1 (1: every commit)"
repo=$(require_git_repo "${OPENSSL_GIT:-}")
branch=$(resolve_ref "$repo" BRANCH "${BRANCH:-HEAD}")
if [[ -n ${SINCE:-} ]]; then
    since=$(resolve_ref "$repo" SINCE "$SINCE")
    git -C "$repo" merge-base --is-ancestor "$since" "$branch" \
        || die "SINCE (${since:0:12}) is not an ancestor of BRANCH (${branch:0:12})"
else
    since=$(git -C "$repo" rev-list --first-parent --max-count=20 "$branch" | tail -n 1)
fi
ref_lib=${REFERENCE_LIB:-$("$REPO_ROOT/plots/system-lib.sh" || true)}
[[ -f $ref_lib ]] || die "REFERENCE_LIB='$(printable "$ref_lib")' is not a file (a libcrypto to measure every commit against)"
[[ -x $BUILD_RELEASE ]] || die "$BUILD_RELEASE not found (builds/ provides the build step)"
TRACK_OUT=${TRACK_OUT:-$REPO_ROOT/build/track}
BISECT_BUILDS_DIR=${BISECT_BUILDS_DIR:-$REPO_ROOT/build/bisect/builds}
mkdir -p "$TRACK_OUT" "$BISECT_BUILDS_DIR" "$(dirname "$DB")"
BISECT_OUT=$TRACK_OUT # build_commit logs there
export BISECT_BUILDS_DIR

# an older osslbench's database (schema 1) is converted first: history, which
# tells which commits are in already, reads schema 2 only
if [[ -s $DB ]]; then
    migrated=$("$OSSLBENCH" db migrate --db "$DB") || die "$(printable "$DB"): not a history database track can use (above)"
    if [[ $migrated == *"migrated from"* ]]; then say "$migrated"; fi
fi

mapfile -t commits < <({ echo "$since"; git -C "$repo" rev-list --reverse --first-parent "$since..$branch"; } |
    awk -v n="${EVERY:-1}" '(NR - 1) % n == 0')
say "${#commits[@]} commits from ${since:0:12} to ${branch:0:12}; $WORKLOAD/$SIZE/$API against $(printable "$ref_lib"); database $(printable "$DB")"

# in_db SHORT: the database has this commit's point already.
in_db() {
    "$OSSLBENCH" history --db "$DB" --workload "$WORKLOAD" --api "$API" --bytes "$SIZE" --label "$1" \
        --format csv 2>/dev/null | tail -n +2 | grep -q .
}

t0=$(now) built=0
for sha in "${commits[@]}"; do
    short=${sha:0:12}
    if in_db "$short"; then
        say "$short already tracked"
        continue
    fi
    lib=$(build_commit "$repo" "$sha") || { say "$short does not build: skipped ($(subject_of "$repo" "$sha"))"; continue; }
    built=$((built + 1))
    out=$TRACK_OUT/$short
    rm -rf -- "$out" && mkdir -p "$out"
    if [[ ${METRIC:-time} == instructions ]]; then sampling=(--metric instructions)
    else sampling=(--time "$BISECT_TIME" --precision 0.0005 --span 0); fi  # as bisect's steps
    rc=0
    "$OSSLBENCH" run --lib "ref=$ref_lib" --lib "$short=$lib" --workloads "$WORKLOAD" --sizes "$SIZE" \
        --api "$API" "${sampling[@]}" --baseline ref --csv "$out/results.csv" --quiet >"$out/run.log" 2>&1 || rc=$?
    if ((rc > 1)) || [[ ! -s $out/results.csv ]]; then
        say "$short: osslbench run failed (exit $rc): $(tail -n 1 "$out/run.log")"
        continue
    fi
    "$OSSLBENCH" db import "$out" --db "$DB" >/dev/null
    say "$short measured ($(subject_of "$repo" "$sha"))"
done
say "$built built and measured in $(($(now) - t0)) s"

# ---------------------------------------------------------------- changes
hist=$TRACK_OUT/history.csv
"$OSSLBENCH" history --db "$DB" --workload "$WORKLOAD" --api "$API" --bytes "$SIZE" --format csv >"$hist" 2>/dev/null || true
# ratio of each commit to the reference of the same (newest) run: SHORT RATIO
ratios=$("$OSSLBENCH" columns "$hist" run_id label rate 2>/dev/null | awk -F'\t' '
    $2 == "ref" { ref[$1] = $3; next } { run[$2] = $1; rate[$2] = $3 }
    END { for (c in run) if (ref[run[c]] > 0) printf "%s\t%.9g\n", c, rate[c] / ref[run[c]] }')
slower=0
changes=$(for sha in "${commits[@]}"; do printf '%s\n' "${sha:0:12}"; done | awk -F'\t' -v t="$BISECT_THRESHOLD" '
    NR == FNR { r[$1] = $2; next }
    !($1 in r) { next }
    { x = r[$1]; n = split(band, b, " ")
      if (n > 0) {
          m = median(b, n); for (i = 1; i <= n; i++) d[i] = (b[i] > m ? b[i] - m : m - b[i])
          dev = n >= 3 ? 3 * 1.4826 * median(d, n) : 0
          lim = (m * t / 100 > dev ? m * t / 100 : dev)
          if ((x - m > lim || m - x > lim)) { printf "%s\t%s\t%.3g\t%.3g\n", prev, $1, m, x; band = ""; nb = 0 }
      }
      band = (nb >= 10 ? substr(band, index(band, " ") + 1) : band) (band == "" ? "" : " ") x; nb++
      prev = $1 }
    function median(a, n,   i, j, t, s) { for (i = 1; i <= n; i++) s[i] = a[i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
      return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2 }' <(printf '%s\n' "$ratios") -)
while IFS=$'\t' read -r before at was now_r; do
    [[ -n $at ]] || continue
    verdict=changed
    if [[ -s $TRACK_OUT/$before/results.csv && -s $TRACK_OUT/$at/results.csv ]]; then
        rc=0
        "$OSSLBENCH" regress "$TRACK_OUT/$before/results.csv" "$TRACK_OUT/$at/results.csv" --old-label "$before" \
            --new-label "$at" --threshold "$BISECT_THRESHOLD" --format csv >"$TRACK_OUT/$at.cmp.csv" 2>/dev/null || rc=$?
        verdict=$(compare_field "$TRACK_OUT/$at.cmp.csv" verdict)
        [[ $verdict == slower || $verdict == faster ]] || { say "$at: outside the band, but compare calls it '${verdict:-?}': not flagged"; continue; }
    fi
    [[ $verdict != slower ]] || slower=1
    full=$(git -C "$repo" rev-parse "$at"); good=$(git -C "$repo" rev-parse "$before")
    say "change at $at ($(subject_of "$repo" "$full")): ratio to the reference $was -> $now_r ($verdict)"
    say "  confirm with: make bisect OPENSSL_GIT=$(printf '%q' "$repo") GOOD=${good:0:12} BAD=${full:0:12} WORKLOAD=$WORKLOAD SIZE=$SIZE API=$API"
done <<<"$changes"
[[ -n $changes ]] || say "no change along the $(grep -c . <<<"$ratios") tracked commits"
exit "$slower"
