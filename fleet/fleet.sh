#!/usr/bin/env bash
# fleet/fleet.sh — `make fleet`: the same `make compare` on several machines
# at once through GNU parallel over ssh, then one merged folder and report.
#
# Knobs (environment; `make fleet` passes NAME=value as FLEET_NAME):
#   FLEET_HOSTS        ssh logins, "user@a user@b" (or aliases from ~/.ssh/config)
#   FLEET_HOSTS_FILE   a file with one ssh login per line (# comments)
#   FLEET_SSH          the ssh command (default ssh), e.g. "ssh -F my_config"
#   FLEET_DIR          each host's working folder, FLEET_DIR/<host>/ (default
#                      .osslbench-fleet, under the remote home): its builds/
#                      stay there for the next run
#   FLEET_RETRIES      attempts per host (default 2)
#   FLEET_REFERENCE    host the others are compared with (default the first)
#   FLEET_RESULTS_ROOT where the merged folder goes (default results/)
#   FLEET_DRY_RUN=1    check everything, print each host's command and knobs,
#                      contact no host, write nothing
#   COMPARE_*          make compare's knobs, passed to every host unchanged
#                      (which ones: the "host" lines of tools/knobs.tsv)
#
# Writes results/<timestamp>-fleet/: <host>/ (that host's run folder),
# logs/<host>-attempt<N>.log, fleet.txt (hosts, status, attempts), cross/
# (the report over hosts) and report.html; results/latest points at it.
# A host that fails or cannot be reached gets one "fleet: host H failed"
# line; the others' results are kept and merged.  When no host returns
# results, the folder is removed and results/latest is left as it was.
# Exit 0 when every host returned results, 1 otherwise.
set -euo pipefail

FLEET_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$FLEET_SRC/.." && pwd)
say() { printf 'fleet: %s\n' "$*" >&2; }
die() { printf 'fleet: error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- packages
# What make fleet needs (Debian names), here and on every host:
#   here:        parallel openssh-client rsync git gnuplot-nox
#   every host:  openssh-server rsync perl build-essential (+ make builds' needs)
#   tests:       openssh-server (a loopback sshd), chromium (the HTML check)
for tool in parallel ssh rsync git; do
    command -v "$tool" >/dev/null || die "$tool is missing (apt-get install parallel openssh-client rsync git)"
done

# ---------------------------------------------------------------- knobs
SSH=${FLEET_SSH:-ssh}
REMOTE_DIR=${FLEET_DIR:-.osslbench-fleet}
RETRIES=${FLEET_RETRIES:-2}
REFERENCE=${FLEET_REFERENCE:-}
RESULTS_ROOT=${FLEET_RESULTS_ROOT:-$REPO_ROOT/results}
DRY_RUN=${FLEET_DRY_RUN:-0}
# Each knob's grammar is tools/knobs.sh's (make checked them already; a
# direct call of this script is checked the same way).
# shellcheck source=tools/knobs.sh
source "$REPO_ROOT/tools/knobs.sh"
# A value of a runner option is judged by the runner's parser, as on the hosts.
KNOB_RUNNER=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
for k in $(knob_list fleet); do
    v=FLEET_${k#FLEET_} # FLEET_DIR keeps its name
    knob_check "$k" "${!v:-}"
done
logins=()
read -r -a logins <<<"${FLEET_HOSTS:-}"
if [[ -n ${FLEET_HOSTS_FILE:-} ]]; then
    [[ -f $FLEET_HOSTS_FILE ]] || die "HOSTS_FILE: '$FLEET_HOSTS_FILE' is not a file"
    while read -r l _; do
        [[ -z $l || $l == \#* ]] || logins+=("$l")
    done <"$FLEET_HOSTS_FILE"
fi
((${#logins[@]})) || die "no hosts: give HOSTS=\"user@a user@b\" or HOSTS_FILE=file"
labels=()
for l in "${logins[@]}"; do
    [[ $l =~ ^[A-Za-z0-9_][A-Za-z0-9_.@:%-]*$ ]] || die "host '$l' is not an ssh login (user@host or an alias)"
    h=${l##*@} h=${h//[:%]/_}
    for x in "${labels[@]+"${labels[@]}"}"; do [[ $x != "$h" ]] || die "two hosts are named '$h'"; done
    labels+=("$h")
done
if [[ -n $REFERENCE ]]; then
    [[ " ${labels[*]} " == *" $REFERENCE "* ]] || die "REFERENCE '$REFERENCE' is not one of the hosts (${labels[*]})"
fi

# make compare's knobs, as NAME=value lines for remote.sh (which reads them
# without a shell); every host gets the same.
knobs=''
# (tools/knobs.sh's grammars have no newline, so each value is one line.)
for k in $(knob_list forward); do
    v=COMPARE_$k
    [[ -n ${!v+x} ]] || continue
    knob_check "$k" "${!v}"
    knobs+="$k=${!v}"$'\n'
done

# ---------------------------------------------------------------- the fleet folder
# A dry run works in a scratch folder instead, removed on exit: no fleet
# folder, results/latest untouched.
if [[ $DRY_RUN == 1 ]]; then
    out=$(mktemp -d "${TMPDIR:-/tmp}/osslbench-fleet-dry.XXXXXX") || die "cannot create a scratch folder"
    trap 'rm -rf -- "$out"' EXIT
else
    mkdir -p -- "$RESULTS_ROOT"
    stamp=$(date -u +%Y%m%dT%H%M%SZ)
    name=$stamp-fleet n=1
    until mkdir -- "$RESULTS_ROOT/$name" 2>/dev/null; do
        ((n++ < 100)) || die "cannot create a fresh fleet folder in $RESULTS_ROOT"
        name=$stamp-fleet-$n
    done
    out=$(cd -- "$RESULTS_ROOT/$name" && pwd)
    say "results go to $out"
fi
mkdir -- "$out/logs" "$out/.ship" "$out/.incoming"

# ---------------------------------------------------------------- ship the checkout
# The tracked files as they are in the working tree (uncommitted edits
# included, builds/ and results/ never), the knobs and the version.
version=$(git -C "$REPO_ROOT" describe --always --dirty --tags 2>/dev/null) \
    || die "$REPO_ROOT is not a git checkout: make fleet ships its tracked files"
printf '%s' "$knobs" >"$out/.ship/fleet-knobs.txt"
echo "$version" >"$out/.ship/fleet-version.txt"
(cd -- "$REPO_ROOT" && git ls-files -z --cached | while IFS= read -r -d '' f; do
    [[ ! -e $f ]] || printf '%s\0' "$f"
done) >"$out/.ship/files"
tar -czf "$out/.ship/osslbench.tar.gz" -C "$REPO_ROOT" --null -T "$out/.ship/files" \
    -C "$out/.ship" fleet-knobs.txt fleet-version.txt || die "cannot pack the checkout"
ship=shipping
[[ $DRY_RUN != 1 ]] || ship="would ship"
say "$ship $(tr -cd '\0' <"$out/.ship/files" | wc -c) files ($version) to ${#logins[@]} host(s): ${logins[*]}"

# ---------------------------------------------------------------- fan out
# One job per host, pinned to it by a host group; parallel copies the
# tarball over (--transferfile), runs remote.sh in the host's own working
# folder, brings HOST.tar.gz back (--return) and removes both there
# (--cleanup).  A failed host is tried again (--resume-failed reruns only
# the failed jobs of the job log), RETRIES attempts in all.
sshlogins=() args=()
for i in "${!logins[@]}"; do
    sshlogins+=(-S "@g$i/1/${logins[$i]}")
    args+=("${labels[$i]}@g$i")
done
# shellcheck disable=SC2016 # expanded by the remote shell, not here
remote_cmd='d=src.$$.$(date +%s); mkdir "$d" && tar -xzf osslbench.tar.gz -C "$d" && exec bash "$d/fleet/remote.sh" "$d" {} 2>&1'
fan_out() { # [parallel options]: one job per host, as above
    parallel --hostgroups "${sshlogins[@]}" --ssh "$SSH" --wd "$REMOTE_DIR/{}" \
        --transferfile "$out/.ship/./osslbench.tar.gz" --return "$out/.incoming/./{}.tar.gz" \
        --cleanup --tag "$@" "$remote_cmd" ::: "${args[@]}"
}
# DRY_RUN=1: what parallel would run on each host, then the make compare
# that remote.sh would run there, from the knobs and version just packed.
if [[ $DRY_RUN == 1 ]]; then
    say "dry run: no host is contacted; each runs in $REMOTE_DIR/<host> (under its home):"
    fan_out --dry-run || die "parallel refused the fan-out (above)"
    for i in "${!labels[@]}"; do
        bash "$FLEET_SRC/remote.sh" --dry-run "$out/.ship" "${labels[$i]}" "$REMOTE_DIR/${labels[$i]}"
    done
    exit 0
fi
t0=$SECONDS
for attempt in $(seq "$RETRIES"); do
    ((attempt == 1)) || { say "attempt $attempt for the host(s) that failed"; sleep 2; }
    rc=0
    fan_out --joblog "$out/logs/joblog" --resume-failed \
        --results "$out/logs/{}-attempt$attempt.log" --line-buffer >&2 || rc=$?
    ((rc != 0)) || break
done

# ---------------------------------------------------------------- collect
# The job log has one line per attempt; its last one per host says how it
# ended.  A host is ok when its run folder came back.
last_exit() { # HOST-INDEX -> exit value of its last attempt ('' if it never ran)
    awk -F'\t' -v seq=$(($1 + 1)) 'NR > 1 && $1 == seq { e = $7; s = $8 } END { if (e != "") print (s != 0 ? "signal " s : e) }' "$out/logs/joblog"
}
last_line() { cat -- "$@" 2>/dev/null | awk 'NF { l = $0 } END { print substr(l, 1, 300) }'; }
attempts() { awk -F'\t' -v seq=$(($1 + 1)) 'NR > 1 && $1 == seq { n++ } END { print n + 0 }' "$out/logs/joblog"; }
ok=() failed=0
{
    echo "fleet: $name"
    echo "started: $stamp"
    echo "osslbench_version: $version"
    echo "command: make fleet HOSTS=\"${logins[*]}\" $(tr '\n' ' ' <"$out/.ship/fleet-knobs.txt")"
    echo "remote_folder: $REMOTE_DIR/<host>"
} >"$out/fleet.txt"
for i in "${!labels[@]}"; do
    h=${labels[$i]} tarball=$out/.incoming/${labels[$i]}.tar.gz
    for f in "$out/logs/$h"-attempt*.log.err "$out/logs/$h"-attempt*.log.seq; do
        [[ ! -f $f ]] || { [[ -s $f && $f == *.err ]] || rm -f -- "$f"; }
    done
    exit_value=$(last_exit "$i") tries=$(attempts "$i")
    logs=''
    for f in "$out/logs/$h"-attempt*.log; do [[ ! -f $f ]] || logs+="logs/${f##*/} "; done
    # The host's tarball is hostile input (fleet/unpack.sh says what it
    # refuses); its charts and page are not trusted either: removed here,
    # report.sh draws them again from the host's CSV.
    run='' refused=''
    if [[ -s $tarball ]]; then
        refused=$("$FLEET_SRC/unpack.sh" "$tarball" "$out/.incoming/$h" 2>&1) && refused=''
        [[ -n $refused ]] || run=$(find "$out/.incoming/$h" -mindepth 2 -maxdepth 2 -name results.csv -type f -printf '%h\n' | head -n 1)
    fi
    if [[ -n $run ]]; then
        rm -rf -- "$run"/plots "$run"/plots-* "$run"/report.html
        mv -- "$run" "$out/$h"
        # every run joins the history database, a fleet host's too (docs/history.md)
        "${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}" db import "$out/$h" --db "$RESULTS_ROOT/osslbench.db" >/dev/null \
            || say "host $h: its run is kept here but not in the history database (above)"
        ok+=("$h")
        state="ok (exit ${exit_value:-?}, $tries attempt(s))"
        [[ $exit_value == 0 ]] || state="results kept, but make compare exited $exit_value (some points failed: see $h/results.csv)"
        say "host $h: $state"
        echo "host $h: ${logins[$i]}: $state; logs: $logs" >>"$out/fleet.txt"
    else
        failed=$((failed + 1))
        # the remote side's own last words, else ssh's or rsync's
        last=$(last_line "$out/logs/$h"-attempt*.log)
        [[ -n $last ]] || last=$(last_line "$out/logs/$h"-attempt*.log.err)
        case $exit_value in
        '') how="never started" ;;
        255) how="ssh failed (unreachable, refused or connection lost; exit 255)" ;;
        signal*) how="parallel stopped it ($exit_value)" ;;
        *) if ((exit_value > 128 && exit_value < 160)); then
               how="killed by signal $((exit_value - 128)) (exit $exit_value)"
           else
               how="exit $exit_value"
           fi ;;
        esac
        why="$how after $tries attempt(s), no results came back"
        [[ -z $refused ]] || why="its results were refused: ${refused#unpack: }"
        say "host $h failed: $why; last log line: ${last:-(none)}; logs: ${logs:-none}"
        echo "host $h: ${logins[$i]}: FAILED: $why; last log line: ${last:-(none)}; logs: ${logs:-none}" >>"$out/fleet.txt"
    fi
done
rm -rf -- "$out/.ship" "$out/.incoming"
echo "wall_seconds: $((SECONDS - t0))" >>"$out/fleet.txt"

# No host returned anything: like make compare, no folder without results,
# and results/latest keeps pointing at the last run that has some.
if ((${#ok[@]} == 0)); then
    rm -rf -- "$out"
    die "no host returned results: nothing was measured (the lines above say why; results/latest unchanged)"
fi

tmp_link=$RESULTS_ROOT/.latest.$$
if ! { ln -s -- "$name" "$tmp_link" && mv -T -f -- "$tmp_link" "$RESULTS_ROOT/latest"; }; then
    rm -f -- "$tmp_link"
    say "cannot update $RESULTS_ROOT/latest"
fi

# ---------------------------------------------------------------- merge
if ((${#ok[@]})); then
    args=()
    [[ -z $REFERENCE || " ${ok[*]} " != *" $REFERENCE "* ]] || args+=(--reference "$REFERENCE")
    "$REPO_ROOT/plots/report.sh" "${args[@]}" -- "$out" || say "the merged report could not be made (above)"
fi
say "done in $((SECONDS - t0))s: ${#ok[@]} of ${#labels[@]} host(s) returned results: $out"
((failed == 0))
