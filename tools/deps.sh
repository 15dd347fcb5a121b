#!/usr/bin/env bash
# tools/deps.sh — are the Debian packages of these purposes usable here?  The
# list is tools/packages.tsv (package, purpose, required|optional, probes).
#
#   tools/deps.sh [--with-optional] PURPOSE...         check, install if possible
#   tools/deps.sh --list [--with-optional] PURPOSE...  print the package names
#
# PURPOSE: build charts releases forks tests sanitizers instructions fleet cross.  All there: prints nothing,
# exit 0.  Some missing: as root with apt-get on PATH it installs only those
# (one line says which), otherwise it prints one line with the exact command
# to run and exits 1.  A package counts as there when what osslbench uses from
# it works (gnuplot on PATH, cmocka.h and libcmocka.so found by the compiler):
# a PATH without gnuplot means gnuplot is missing.  Optional packages (ccache)
# are never demanded; --with-optional installs them too (CI).
set -euo pipefail

LIST=$(dirname "${BASH_SOURCE[0]}")/packages.tsv
say() { printf 'deps: %s\n' "$*" >&2; }
die() { printf 'deps: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '5,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

list_only=0 optional=0 purposes=()
while (($#)); do
    case $1 in
        --list) list_only=1 ;;
        --with-optional) optional=1 ;;
        -h | --help) usage ;;
        -*) say "unknown option $1"; usage ;;
        *) purposes+=("$1") ;;
    esac
    shift
done
((${#purposes[@]})) || usage
[[ -r $LIST ]] || die "cannot read $LIST"
known=$(awk -F'\t' '!/^#/ && NF { print $2 }' "$LIST" | sort -u | paste -sd ' ')
for p in "${purposes[@]}"; do
    [[ " $known " == *" $p "* ]] || die "unknown purpose '$p' (one of: $known)"
done

# probe KIND:WHAT -> true when that works here
probe() {
    local what=${1#*:}
    case ${1%%:*} in
        cmd) command -v "$what" >/dev/null ;;
        header) printf '#include <%s>\n' "$what" | "${CC:-cc}" -E -x c - >/dev/null 2>&1 ;;
        lib) [[ $("${CC:-cc}" -print-file-name="$what" 2>/dev/null) == /* ]] ;;
        perl) perl -M"$what" -e 1 2>/dev/null ;;
        clang-rt) command -v clang >/dev/null && [[ -f $(clang -print-runtime-dir 2>/dev/null)/$what ]] ;;
        file) [[ -e $what ]] ;;
        *) die "packages.tsv: unknown probe '$1'" ;;
    esac
}
# first_failing PROBES -> the first probe that fails (nothing when all hold)
first_failing() {
    local p list
    read -r -a list <<<"$1"
    for p in "${list[@]}"; do probe "$p" || { printf '%s' "${p#*:}"; return; }; done
}

wanted=() why=() for=
while IFS=$'\t' read -r pkg purpose need probes; do
    [[ -n $pkg && $pkg != \#* ]] || continue
    [[ " ${purposes[*]} " == *" $purpose "* ]] || continue
    [[ $need == required || $optional == 1 ]] || continue
    if ((list_only)); then wanted+=("$pkg"); continue; fi
    failing=$(first_failing "$probes")
    [[ -z $failing ]] || { wanted+=("$pkg"); why+=("$pkg ($purpose: no $failing)"); }
    [[ -z $failing || " $for " == *" $purpose "* ]] || for+="${for:+ }$purpose"
done <"$LIST"
if ((list_only)); then echo "${wanted[*]}"; exit 0; fi
((${#wanted[@]})) || exit 0

install_cmd="apt-get install --no-install-recommends ${wanted[*]}"
if ((EUID != 0)) || ! command -v apt-get >/dev/null; then
    ((EUID == 0)) || install_cmd="sudo $install_cmd"
    reasons=$(printf '%s, ' "${why[@]}")
    die "missing Debian packages: ${reasons%, }; install them with: $install_cmd"
fi

say "installing ${wanted[*]} ($for) with apt-get"
log=$(mktemp)
trap 'rm -f -- "$log"' EXIT
apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${wanted[@]}" \
        >"$log" 2>&1
}
apt_error() { grep -m1 -E '^(E|Err):' "$log" || tail -n 1 "$log"; }
if ! apt_install; then
    # A fresh machine (a container) may have no package lists yet.
    grep -qE 'Unable to locate package|has no installation candidate' "$log" \
        || die "apt-get could not install ${wanted[*]}: $(apt_error)"
    apt-get update -q >"$log" 2>&1 || die "apt-get update failed: $(apt_error)"
    apt_install || die "apt-get could not install ${wanted[*]}: $(apt_error)"
fi
while IFS=$'\t' read -r pkg purpose need probes; do
    [[ " ${wanted[*]} " == *" $pkg "* ]] || continue
    failing=$(first_failing "$probes")
    [[ -z $failing ]] || die "$pkg is installed but $failing is still not usable here"
done <"$LIST"
