#!/usr/bin/env bash
# cross/sysroot.sh — the foreign-architecture libraries a cross build of the
# unit tests needs, from Debian's own archive for that architecture:
# cmocka (to link and run the tests) and libssl3's libcrypto (a real library
# of that architecture for the workload tests and a runner smoke run).
#
#   cross/sysroot.sh DEB_ARCH DEST      e.g. cross/sysroot.sh arm64 build/cross-aarch64/sysroot
#
# The packages are downloaded with a private apt configuration (under DEST,
# built from the system's own sources like builds/ does) and unpacked, never
# installed: /etc/apt and dpkg's architecture list are untouched.  Debian's
# suite is this machine's own, so the libraries match the cross libc.
# Prints DEST when done; a second run with everything present does nothing.
set -euo pipefail
# shellcheck source=builds/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../builds/lib.sh" # debian_mirror, say, die

(($# == 2)) || { sed -n '7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
arch=$1 dest=$(realpath -m -- "$2")
[[ $arch =~ ^[a-z0-9]+$ ]] || die "invalid Debian architecture '$arch'"
# Unit tests link cmocka; workload tests and the smoke run load libcrypto.
PACKAGES=(libcmocka0 libcmocka-dev libssl3)

done_mark=$dest/.complete
if [[ -f $done_mark ]]; then echo "$dest"; exit 0; fi
# shellcheck source=/dev/null # the system's release file
suite=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
[[ $suite =~ ^[a-z]+$ ]] || die "cannot tell this machine's Debian suite from /etc/os-release"
mirror=$(debian_mirror)
apt=$dest.apt
mkdir -p "$apt"/{lists/partial,cache/archives/partial,state,etc} "$dest"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg signed=''
[[ -r $keyring ]] && signed=" signed-by=$keyring"
echo "deb [arch=$arch$signed] $mirror $suite main" >"$apt/etc/sources.list"
opts=(
    -o "Dir::Etc::SourceList=$apt/etc/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::Etc::Preferences=/dev/null" -o "Dir::Etc::PreferencesParts=/dev/null"
    -o "Dir::State=$apt/state" -o "Dir::State::Lists=$apt/lists"
    -o "Dir::State::status=/dev/null" -o "Dir::Cache=$apt/cache"
    -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache="
    -o "APT::Architecture=$arch" -o "APT::Architectures=$arch"
    -o "Acquire::Languages=none" -o "APT::Sandbox::User=root" -o "Acquire::Retries=1"
)
say "fetching ${PACKAGES[*]} for $arch ($suite) into $dest"
apt-get -q "${opts[@]}" update >"$apt/update.log" 2>&1 || { tail -n 3 "$apt/update.log" >&2; die "apt-get update for $arch failed"; }
(cd "$apt" && apt-get -q "${opts[@]}" download "${PACKAGES[@]}") >"$apt/download.log" 2>&1 \
    || { tail -n 3 "$apt/download.log" >&2; die "apt-get download for $arch failed"; }
for deb in "$apt"/*.deb; do dpkg-deb -x "$deb" "$dest"; done
touch "$done_mark"
echo "$dest"
