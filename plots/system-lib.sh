#!/usr/bin/env bash
# plots/system-lib.sh — print the path of this machine's own system libcrypto
# (libcrypto.so.3 of the native architecture), whatever the CPU: Debian's
# multiarch folder (/usr/lib/<triplet>/) as the C compiler or dpkg names it,
# then the lib64/lib folders other distributions use.
#
#   plots/system-lib.sh        prints the first that exists; exit 1 (and the
#                              most likely path) when there is none
# CC (default cc) is asked for its multiarch triplet: a cross compiler's
# CC=aarch64-linux-gnu-gcc gives the path an aarch64 machine would have.
set -uo pipefail

triplets=()
t=$(${CC:-cc} -print-multiarch 2>/dev/null) && [[ -n $t ]] && triplets+=("$t")
if [[ -z ${CC:-} ]]; then
    t=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null) && [[ -n $t ]] && triplets+=("$t")
    triplets+=("$(uname -m)-linux-gnu")
fi
candidates=()
for t in "${triplets[@]}"; do candidates+=("/usr/lib/$t/libcrypto.so.3" "/lib/$t/libcrypto.so.3"); done
[[ -n ${CC:-} ]] || candidates+=(/usr/lib64/libcrypto.so.3 /lib64/libcrypto.so.3 /usr/lib/libcrypto.so.3)
for c in "${candidates[@]}"; do
    if [[ -f $c ]]; then
        printf '%s\n' "$c"
        exit 0
    fi
done
printf '%s\n' "${candidates[0]}"
exit 1
