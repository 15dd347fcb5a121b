#!/usr/bin/env bash
# Cross-checks osslbench's ecdsa-<curve> sign and verify rates against the
# same library's own `openssl speed ecdsa<curve>`, alternating the two for
# ROUNDS rounds on one CPU so machine drift hits both alike.  Prints, per
# operation, the median rates and the median of the per-round ratios
# osslbench / speed.
#
#   tools/speed-crosscheck-ecdsa.sh LIBCRYPTO OPENSSL_APP [ROUNDS] [CURVE] [CPU]
#   (defaults: 5 rounds, p256, the last CPU this process may use)
#
# `openssl speed` signs with ECDSA_sign on 1.x (osslbench's legacy path) and
# EVP_PKEY_sign on a context from EVP_PKEY_CTX_new on 3.x/4.x (the evp
# path), and reports user CPU time, so osslbench runs with --clock cpu.
set -euo pipefail
usage="usage: $0 LIBCRYPTO OPENSSL_APP [ROUNDS] [CURVE] [CPU]"
lib=${1:?$usage} app=${2:?$usage} rounds=${3:-5} curve=${4:-p256}
cpu=${5:-$(taskset -pc $$ | awk -F'[,: -]+' '{print $NF}')}
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/bin/osslbench"
[[ -x $bench ]] || { echo "speed-crosscheck-ecdsa: build bin/osslbench first (make)" >&2; exit 2; }
[[ -f $lib && -x $app ]] || { echo "speed-crosscheck-ecdsa: need a library file and an openssl binary" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ && $curve =~ ^p(256|384|521)$ && $cpu =~ ^[0-9]+$ ]] ||
    { echo "$usage" >&2; exit 2; }
bits=${curve#p}

libdir=$(dirname "$lib")
speed() { LD_LIBRARY_PATH=$libdir OPENSSL_CONF=/dev/null taskset -c "$cpu" "$app" "$@"; }
# The app must run on exactly this library (a build's apps/openssl
# otherwise binds to the system one): check what it reports.
app_version=$(speed version)
lib_version=$("$bench" info --lib "$lib" | awk '$1 == "version_text" {sub(/^ *version_text +/, ""); print}')
[[ $app_version == "$lib_version"* ]] ||
    { echo "speed-crosscheck-ecdsa: app reports '$app_version', library is '$lib_version'" >&2; exit 1; }
api=legacy
[[ $lib_version == "OpenSSL 3"* || $lib_version == "OpenSSL 4"* ]] && api=evp

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
echo "library: $lib_version ($lib), osslbench path: $api, CPU $cpu, $rounds alternating rounds"
for r in $(seq "$rounds"); do
    # "+F4:<index>:<bits>:<sign/s>:<verify/s>"
    speed speed -seconds 1 -mr "ecdsa$curve" 2>/dev/null |
        awk -F: -v b="$bits" '$1 == "+F4" && $3 == b {print $4, $5}' >"$tmp/speed"
    # --span 0: a round measures for --time, as long as the other tool's, not for minutes
    taskset -c "$cpu" "$bench" run --lib "$lib" --workloads "ecdsa-$curve" --api "$api" --time 1 --span 0 \
        --precision 0.0005 --clock cpu --quiet --csv "$tmp/r$r.csv" >/dev/null
    read -r ssign sverify <"$tmp/speed"
    "$bench" columns "$tmp/r$r.csv" status op rate | awk -F'\t' -v ss="$ssign" -v sv="$sverify" -v r="$r" '
        $1 == "ok" {s = $2 == "sign" ? ss : sv; printf "%s %d %.6f %.1f %.1f\n", $2, r, $3 / s, s, $3}'
done >"$tmp/rounds"
printf '%-7s %12s %12s %8s  %s\n' op "speed (/s)" "osslbench" ratio "per-round ratios"
# median COLUMN OP: the median of that column over the rounds of OP
median() {
    awk -v op="$2" -v c="$1" '$1 == op {print $c}' "$tmp/rounds" | sort -g |
        awk '{v[NR] = $1} END {if (NR) print v[int((NR + 1) / 2)]}'
}
for op in sign verify; do
    [[ -n $(median 3 "$op") ]] || { echo "$op: no ok rows" >&2; exit 1; }
    printf '%-7s %12.0f %12.0f %8.3f %s\n' "$op" "$(median 4 "$op")" "$(median 5 "$op")" \
        "$(median 3 "$op")" "$(awk -v op="$op" '$1 == op {printf " %.3f", $3}' "$tmp/rounds")"
done
