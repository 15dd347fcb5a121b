#!/usr/bin/env bash
# fleet/remote.sh — one host's part of `make fleet`, run there by GNU
# parallel in the host's working folder (FLEET_DIR/<host>/), from the
# checkout that was shipped and unpacked into SRC.
#
#   bash SRC/fleet/remote.sh SRC HOST
#
# Builds the runner natively (whatever the CPU), runs `make compare` with the
# knobs in SRC/fleet-knobs.txt (releases it lacks are built here, into the
# working folder's builds/, kept for the next fleet run), and packs the new
# run folder into HOST.tar.gz for parallel to bring back.  Exit status: that
# of make compare (1: some points failed, results still packed), or 1 with a
# "fleet-remote:" line when nothing could be run.  SRC is removed on exit.
set -uo pipefail

say() { printf 'fleet-remote: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
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

# Knobs: NAME=value lines written by fleet.sh; only known names are taken,
# and they reach make as separate arguments, never through a shell.
allowed=" RELEASES LIBS BASELINE WORKLOADS SIZES API TIME PRECISION CLOCK THREADS PROCS QUICK NO_BUILD SYSTEM_LIB "
knobs=()
while IFS= read -r line; do
    name=${line%%=*}
    [[ $line == *=* && $allowed == *" $name "* ]] || die "unexpected knob line '$line'"
    knobs+=("$line")
done <"$src/fleet-knobs.txt"
version=$(cat "$src/fleet-version.txt" 2>/dev/null || echo unknown)

say "$(hostname) ($(uname -m)): building the runner"
make -C "$src" -s >build.log 2>&1 || { tail -n 5 build.log >&2; die "make failed on $(hostname) (build.log above)"; }

mkdir -p "$wd/results"
before=$(readlink "$wd/results/latest" 2>/dev/null || true)
say "make compare ${knobs[*]}"
OSSLBENCH_BUILDS_DIR=$wd/builds OSSLBENCH_TARBALLS=$wd/tarballs OSSLBENCH_APT_DIR=$wd/apt \
    OSSLBENCH_VERSION=$version \
    make -C "$src" --no-print-directory compare "${knobs[@]}" RESULTS_ROOT="$wd/results"
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
