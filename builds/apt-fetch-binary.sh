#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/apt-fetch-binary.sh — download one Debian BINARY package of any suite
# with the private apt configuration of builds/ and unpack it (not install it).
#
#   builds/apt-fetch-binary.sh PACKAGE SUITE DESTDIR
#   e.g. builds/apt-fetch-binary.sh libssl1.1 bullseye /tmp/x
#        -> /tmp/x/usr/lib/x86_64-linux-gnu/libcrypto.so.1.1
# Prints DESTDIR on stdout when done.  Nothing is installed; /etc/apt is untouched.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

(($# == 3)) || { sed -n '5,7p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
pkg=$1 suite=$2 dest=$3
# Both go on an apt-get command line: allow Debian's name characters only.
[[ $pkg =~ ^[a-z0-9][a-z0-9+.-]+$ ]] || die "invalid package name '$pkg'"
[[ " ${APT_SUITES[*]} " == *" $suite "* ]] || die "unknown suite '$suite' (one of: ${APT_SUITES[*]})"

apt_ready
mkdir -p "$dest"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
(cd "$tmp" && apt-get -q "${APT_OPTS[@]}" download "$pkg/$suite") >"$tmp/apt.log" 2>&1 \
    || { tail -n 3 "$tmp/apt.log" >&2; die "apt-get download $pkg/$suite failed"; }
debs=("$tmp"/*.deb)
[[ -f ${debs[0]} ]] || die "apt-get download produced no .deb"
dpkg-deb -x "${debs[0]}" "$dest"
say "unpacked $(basename "${debs[0]}") into $dest"
echo "$dest"
