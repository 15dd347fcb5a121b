#!/usr/bin/env bash
# fleet/remote.sh — one host's part of `make fleet`, run there by GNU
# parallel in the host's working folder (FLEET_DIR/<host>/), from the
# checkout that was shipped and unpacked into SRC.
#
#   bash SRC/fleet/remote.sh SRC HOST
#   bash fleet/remote.sh --dry-run SHIP HOST WD   (make fleet DRY_RUN=1, run
#        locally: prints the command HOST would run, from the knobs and
#        version in fleet.sh's folder SHIP that would be shipped; runs nothing)
#
# Builds the runner natively (whatever the CPU; once per content key, kept in
# FLEET_DIR/.runner-cache/ for the next run), runs `make compare` with the
# knobs in SRC/fleet-knobs.txt (releases it lacks are built here, into the
# working folder's builds/, kept for the next fleet run), and packs the new
# run folder into HOST.tar.gz for parallel to bring back.  Exit status: that
# of make compare (1: some points failed, results still packed), or 1 with a
# "fleet-remote:" line when nothing could be run.  SRC is removed on exit.
set -uo pipefail

say() { printf 'fleet-remote: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The make compare this host runs, into the array compare.  Its knobs are the
# NAME=value lines fleet.sh wrote into FROM/fleet-knobs.txt: only those that
# tools/knobs.tsv forwards to hosts are taken, and they reach make as
# separate arguments, never through a shell.  Releases are built into the
# working folder WD (kept for the next run), results go to WD/results.
compare_command() { # FROM SRC WD
    local allowed line version
    allowed=" $(bash "$here/../tools/knobs.sh" list forward) " || die "cannot read the knob table"
    version=$(cat "$1/fleet-version.txt" 2>/dev/null || echo unknown)
    compare=(env OSSLBENCH_BUILDS_DIR="$3/builds" OSSLBENCH_TARBALLS="$3/tarballs" OSSLBENCH_APT_DIR="$3/apt"
        OSSLBENCH_VERSION="$version" make -C "$2" --no-print-directory compare)
    while IFS= read -r line; do
        [[ $line == *=* && $allowed == *" ${line%%=*} "* ]] || die "unexpected knob line '$line'"
        compare+=("$line")
    done <"$1/fleet-knobs.txt"
    compare+=(RESULTS_ROOT="$3/results")
}
# The command as a shell would read it back (the one place it is quoted): a
# word with other characters than these is single-quoted.
command_line() {
    local w out=()
    for w in "$@"; do
        if [[ $w =~ ^[A-Za-z0-9._/=+:@%,-]+$ ]]; then out+=("$w"); else out+=("'${w//\'/\'\\\'\'}'"); fi
    done
    echo "${out[*]}"
}

if [[ ${1:-} == --dry-run ]]; then
    (($# == 4)) || die "usage: bash fleet/remote.sh --dry-run SHIP HOST WD"
    compare_command "$2" 'src.PID.SECONDS' "$4"
    printf 'host %s: %s\n' "$3" "$(command_line "${compare[@]}")"
    exit 0
fi
(($# == 2)) || die "usage: bash SRC/fleet/remote.sh SRC HOST"
src=$1 host=$2
[[ $src =~ ^src\.[A-Za-z0-9.]+$ && -d $src ]] || die "bad source folder '$src'"
[[ $host =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "bad host label '$host'"
wd=$(pwd)
trap 'rm -rf -- "${wd:?}/$src"' EXIT

# One fleet run at a time in this folder (two would share builds/).
exec 9>"$wd/lock"
flock -n 9 || die "another make fleet is running in $wd on $(hostname)"
echo "$$" >"$wd/run.pid"
# Checkouts of earlier runs that were killed (no trap ran): we hold the lock.
for old in "$wd"/src.*; do
    [[ ! -d $old || $old == "$wd/$src" ]] || rm -rf -- "$old"
done

for tool in make cc tar gzip; do
    command -v "$tool" >/dev/null || die "$tool is missing on $(hostname) (apt-get install build-essential)"
done

compare_command "$src" "$src" "$wd"

# The runner is compiled once per content key (fleet/runner-key.sh: the
# shipped sources, the compiler and its flags) and kept in
# FLEET_DIR/.runner-cache/KEY, shared by this machine's host folders (a host
# label never starts with a dot): a later run from the same sources copies
# it in and make finds nothing to do.  The copies are stamped now, newer
# than every shipped source, which the key shows they were built from.
cache=$wd/../.runner-cache
key=$(bash "$src/fleet/runner-key.sh" "$src") || die "cannot compute the runner's content key"
# One build at a time on this machine: another host folder started at once
# waits for it and copies it in, instead of compiling it a second time beside it.
if mkdir -p -- "$cache" 2>/dev/null && exec 8>"$cache/.lock"; then
    flock -w 1800 8 || say "the runner cache stayed locked for 30 minutes: building beside it"
fi
reused=0
if [[ -f $cache/$key/bin/osslbench ]] && cp -a -- "$cache/$key/." "$src/" 2>/dev/null; then
    find "$src/bin" "$src/build" -type f -exec touch -d "@$(date +%s)" {} + && reused=1
    touch -- "$cache/$key" 2>/dev/null || true # last used: kept by the pruning below
fi
if ((reused)); then
    say "$(hostname) ($(uname -m)): reusing the runner built from these sources (key ${key:0:12})"
else
    rm -rf -- "${src:?}/bin" "${src:?}/build"
    say "$(hostname) ($(uname -m)): building the runner"
fi
# Not -s: build.log shows what was compiled (nothing when reused).
make -C "$src" --no-print-directory -j"$(nproc)" >build.log 2>&1 \
    || { tail -n 5 build.log >&2; die "make failed on $(hostname) (build.log above)"; }
if ((!reused)) && new=$(mktemp -d "$cache/.new.XXXXXX" 2>/dev/null); then
    # Another host folder may store the same key at once: the first rename wins.
    { cp -a -- "$src/bin" "$src/build" "$new/" && mv -T -- "$new" "$cache/$key" 2>/dev/null; } || rm -rf -- "$new"
    # The three keys used last are kept.
    mapfile -t old_keys < <(find "$cache" -mindepth 1 -maxdepth 1 -type d -regex '.*/[0-9a-f]\{64\}' -printf '%T@ %f\n' \
        | sort -rn | tail -n +4 | cut -d' ' -f2)
    for k in "${old_keys[@]}"; do rm -rf -- "${cache:?}/$k"; done
fi
exec 8>&- # the lock

mkdir -p "$wd/results"
before=$(readlink "$wd/results/latest" 2>/dev/null || true)
say "$(command_line "${compare[@]}")"
"${compare[@]}"
rc=$?
after=$(readlink "$wd/results/latest" 2>/dev/null || true)
if [[ -z $after || $after == "$before" || ! -f $wd/results/$after/results.csv ]]; then
    die "make compare exited $rc and wrote no run folder"
fi
rm -f -- "$wd/$host.tar.gz"
if ! { tar -czf "$wd/$host.tar.gz.part" -C "$wd/results" -- "$after" &&
    mv -- "$wd/$host.tar.gz.part" "$wd/$host.tar.gz"; }; then
    die "cannot pack $wd/results/$after"
fi
say "packed $after (make compare exit $rc)"
exit "$rc"
