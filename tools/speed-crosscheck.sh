#!/usr/bin/env bash
# Cross-checks osslbench's rates against the same library's own
# `openssl speed -evp`, measured alternately in one run so machine drift hits
# both alike.  Prints one line per point: the median of the per-round ratios.
#
#   tools/speed-crosscheck.sh LIBCRYPTO OPENSSL_APP [ROUNDS]
#
# `openssl speed -evp` fetches its algorithm once on 3.x/4.x (our `fetch`
# path) and uses the static EVP objects on 1.x (our `evp` path).  It reports
# user CPU time unless given -elapsed, so osslbench runs with --clock cpu.
set -euo pipefail
lib=${1:?usage: $0 LIBCRYPTO OPENSSL_APP [ROUNDS]} app=${2:?usage: $0 LIBCRYPTO OPENSSL_APP [ROUNDS]}
rounds=${3:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/bin/osslbench"
[[ -x $bench ]] || { echo "speed-crosscheck: build bin/osslbench first (make)" >&2; exit 2; }
[[ -f $lib && -x $app ]] || { echo "speed-crosscheck: need a library file and an openssl binary" >&2; exit 2; }

libdir=$(dirname "$lib")
# The app must run on exactly this library (a build tree's apps/openssl
# otherwise binds to the system one): check what it reports.
app_version=$(LD_LIBRARY_PATH=$libdir OPENSSL_CONF=/dev/null "$app" version)
lib_version=$("$bench" info --lib "$lib" | awk '$1 == "version_text" {sub(/^ *version_text +/, ""); print}')
[[ $app_version == "$lib_version"* ]] || { echo "speed-crosscheck: app reports '$app_version', library is '$lib_version'" >&2; exit 1; }
api=evp
[[ $lib_version == "OpenSSL 3"* || $lib_version == "OpenSSL 4"* ]] && api=fetch

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
echo "library: $lib_version ($lib), osslbench path: $api, $rounds alternating rounds of 1 s each"
printf '%-12s %6s %14s %14s %8s\n' workload bytes "speed (B/s)" "osslbench" ratio
for wl in sha256 aes-128-cbc; do
    for bytes in 16 8192; do
        for r in $(seq "$rounds"); do
            k=$(LD_LIBRARY_PATH=$libdir OPENSSL_CONF=/dev/null "$app" speed -seconds 1 -bytes "$bytes" -evp "$wl" 2>/dev/null |
                awk -v w="$wl" 'tolower($1) == w {v = $NF} END {sub(/k$/, "", v); print v}')
            "$bench" run --lib "$lib" --workloads "$wl" --api "$api" --sizes "$bytes" --time 1 --precision 0.0005 --clock cpu \
                --quiet --csv "$tmp/$wl-$bytes-$r.csv" >/dev/null
            ours=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "rate") c = i; next }
                NR == 2 { print $c }' "$tmp/$wl-$bytes-$r.csv")
            awk -v o="$ours" -v k="$k" 'BEGIN {printf "%.6f %.0f %.0f\n", o / (k * 1000), k * 1000, o}'
        done | sort -n | awk -v w="$wl" -v b="$bytes" '{r[NR] = $1; s[NR] = $2; o[NR] = $3}
            END {m = int((NR + 1) / 2); printf "%-12s %6d %14.0f %14.0f %8.3f\n", w, b, s[m], o[m], r[m]}'
    done
done
