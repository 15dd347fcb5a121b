#!/usr/bin/env bash
# Markdown tables for README from the cross-check's data (POSIX awk, no gawk).
#
#   tools/speed-crosscheck-report.sh [--pair A:B]... RAW.tsv
#       RAW.tsv as written by tools/speed-crosscheck.sh.  Table 1, per library and
#       point: the median over rounds of osslbench/speed with its range, and the
#       spread (max-min)/median of each tool's own rates.  Table 2, per --pair A:B
#       and speed invocation that both releases have: B/A from speed and from
#       osslbench (each the median of per-round ratios, with its range) and their
#       quotient.  osslbench's path on each side is the best match of the map
#       (same, then near, then differs) for that speed invocation.
#   tools/speed-crosscheck-report.sh --compact [--pair A:B]... RAW.tsv
#       the same, one row per library and map line with a column per block size
#       ("ratio [range], speed spread"), as README shows it.
#   tools/speed-crosscheck-report.sh --map [MAP.tsv]
#       the mapping (default tools/speed-map.tsv) as a Markdown table.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { printf 'speed-crosscheck-report: %s\n' "$*" >&2; exit 2; }

if [[ ${1:-} == --map ]]; then
    map=${2:-$here/speed-map.tsv}
    [[ -r $map ]] || die "cannot read '$map'"
    awk -F'\t' '!/^#/ && NF {
        if (!hdr++) {
            print "| workload | osslbench path | releases | `openssl speed` | match | what speed times per operation |"
            print "|---|---|---|---|---|---|"
            next
        }
        rel = ($4 == "-") ? ">= " $3 : $3 " to < " $4
        sp = ($5 == "-") ? "(none)" : "`speed " $5 "`"
        printf "| %s | `%s` | %s | %s | %s | %s |\n", $1, $2, rel, sp, $6, $7
    }' "$map"
    exit 0
fi

pairs='' compact=0
while (($#)); do
    case $1 in
        --compact) compact=1; shift ;;
        --pair) [[ ${2:-} == ?*:?* ]] || die "--pair needs A:B"; pairs+="$2 "; shift 2 ;;
        -*)     die "unknown option '$1'" ;;
        *)      break ;;
    esac
done
(($# == 1)) || die "usage: $0 [--pair A:B]... RAW.tsv | --map [MAP.tsv]"
[[ -r $1 ]] || die "cannot read '$1'"
head -n1 "$1" | grep -q $'^round\tlabel\tversion\tworkload\tpath\tbytes\tspeed\tmatch\tspeed_rate\tosslbench_rate' \
    || die "$1 is not a speed-crosscheck data file"

awk -F'\t' -v pairs="$pairs" -v compact="$compact" '
function sortv(a, n,    i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
}
# stats(LIST): sets MED, LO, HI, N of a space-separated list of numbers.
function stats(list,    a, n) {
    n = split(list, a, " "); N = n
    if (n == 0) { MED = LO = HI = 0; return }
    sortv(a, n); LO = a[1]; HI = a[n]
    MED = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
# median_ci(LIST): sets CI to "[lo-hi]", the distribution-free 95% confidence interval of
# the median (order statistics k and n+1-k, binomial), or "-" below 6 values.
function median_ci(list,    a, n, k, p, cum) {
    n = split(list, a, " "); sortv(a, n)
    p = 0.5 ^ n; cum = p; k = 0
    while (cum <= 0.025 && k < n / 2) { k++; p = p * (n - k + 1) / k; cum += p }
    CI = k < 1 ? "-" : sprintf("[%.3f-%.3f]", a[k], a[n + 1 - k])
}
function num(x) { return x != "NA" && x != "" && x + 0 > 0 }
function rank(m) { return m == "same" ? 0 : m == "near" ? 1 : m == "differs" ? 2 : 3 }
NR == 1 { next }
{
    r = $1; lab = $2; wl = $4; path = $5; b = $6; sp = $7; m = $8; clk = $11
    k = lab SUBSEP wl SUBSEP path SUBSEP b SUBSEP sp
    if (!(k in seen)) { seen[k] = 1; order[++nk] = k; match_of[k] = m }
    lk = lab SUBSEP wl SUBSEP path SUBSEP sp
    if (!(lk in seen_l)) { seen_l[lk] = 1; lorder[++nl] = lk; lmatch[lk] = m }
    if (!(b in seen_b)) { seen_b[b] = 1; sizes[++nb] = b }
    if (num($9) && num($10)) {
        ratio[k] = ratio[k] " " ($10 / $9); srate[k] = srate[k] " " $9; orate[k] = orate[k] " " $10
        S[k, r] = $9; O[k, r] = $10; rounds[r] = 1
    }
    # best osslbench path per (library, speed invocation, bytes)
    bk = lab SUBSEP sp SUBSEP b
    if (!(bk in best) || rank(m) < rank(match_of[best[bk]])) best[bk] = k
    if (!((sp SUBSEP b) in seen_sb)) { seen_sb[sp SUBSEP b] = 1; sb[++nsb] = sp SUBSEP b }
    clock = clk
}
END {
    if (compact) print_compact(); else print_full()
    print_pairs()
}
function print_compact(    i, j, k, f, hdr, sep, row) {
    print "osslbench / `openssl speed` of the same library (clock: " clock "): median of rounds [range], and the spread"
    print "(max - min) / median of speed'"'"'s own rates over the rounds."
    print ""
    hdr = "| library | workload | osslbench path | `openssl speed` | match |"; sep = "|---|---|---|---|---|"
    for (j = 1; j <= nb; j++) { hdr = hdr " " sizes[j] " B |"; sep = sep "---|" }
    print hdr; print sep
    for (i = 1; i <= nl; i++) {
        split(lorder[i], f, SUBSEP)
        row = sprintf("| %s | %s | `%s` | `speed %s` | %s |", f[1], f[2], f[3], f[4], lmatch[lorder[i]])
        for (j = 1; j <= nb; j++) {
            k = f[1] SUBSEP f[2] SUBSEP f[3] SUBSEP sizes[j] SUBSEP f[4]
            stats(ratio[k])
            if (N == 0) { row = row " - |"; continue }
            rm = MED; rl = LO; rh = HI; stats(srate[k])
            row = row sprintf(" %.3f [%.3f-%.3f], %.1f%% |", rm, rl, rh, 100 * (HI - LO) / MED)
        }
        print row
    }
}
function print_full(    i, k, f, n, rm, rl, rh, smed, ssp, osp) {
    print "Per library and point (clock: " clock "): osslbench / `openssl speed` of the same library, median of rounds [range];"
    print "spread = (max - min) / median of that tool'"'"'s own rates over the rounds."
    print ""
    print "| library | workload | bytes | osslbench path | `openssl speed` | match | speed MB/s | osslbench / speed | speed spread | osslbench spread | rounds |"
    print "|---|---|---|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= nk; i++) {
        k = order[i]; split(k, f, SUBSEP)
        stats(ratio[k]); n = N
        if (n == 0) { printf "| %s | %s | %s | `%s` | `speed %s` | %s | - | no valid round | - | - | 0 |\n", f[1], f[2], f[4], f[3], f[5], match_of[k]; continue }
        rm = MED; rl = LO; rh = HI
        stats(srate[k]); smed = MED; ssp = (HI - LO) / MED
        stats(orate[k]); osp = (HI - LO) / MED
        printf "| %s | %s | %s | `%s` | `speed %s` | %s | %.0f | %.3f [%.3f-%.3f] | %.1f%% | %.1f%% | %d |\n", \
            f[1], f[2], f[4], f[3], f[5], match_of[k], smed / 1e6, rm, rl, rh, 100 * ssp, 100 * osp, n
    }
}
function print_pairs(    np, P, p, ab, A, B, j, g, ka, kb, fa, fb, sl, ol, r, n, sm, slo, shi) {
    np = split(pairs, P, " ")
    if (np == 0) return
    print ""
    print "Release pairs: B / A from each release'"'"'s own `openssl speed`, and from osslbench on the path that matches that"
    print "speed invocation on each side; median of the per-round ratios [range], the 95% confidence interval of speed'"'"'s"
    print "median and the spread (max - min) / median of each tool'"'"'s ratio; last column = osslbench ratio / speed ratio."
    print ""
    print "| B vs A | `openssl speed` | bytes | osslbench path A -> B | rounds | speed B/A | its median'"'"'s 95% CI | speed spread | osslbench B/A | osslbench spread | osslbench / speed |"
    print "|---|---|---|---|---|---|---|---|---|---|---|"
    for (p = 1; p <= np; p++) {
        split(P[p], ab, ":"); A = ab[1]; B = ab[2]
        for (j = 1; j <= nsb; j++) {
            split(sb[j], g, SUBSEP)
            if (!((A SUBSEP sb[j]) in best) || !((B SUBSEP sb[j]) in best)) continue
            ka = best[A SUBSEP sb[j]]; kb = best[B SUBSEP sb[j]]
            split(ka, fa, SUBSEP); split(kb, fb, SUBSEP)
            sl = ol = ""
            for (r in rounds)
                if (((ka, r) in S) && ((kb, r) in S)) {
                    sl = sl " " (S[kb, r] / S[ka, r]); ol = ol " " (O[kb, r] / O[ka, r])
                }
            stats(sl); n = N
            if (n == 0) continue
            sm = MED; slo = LO; shi = HI; median_ci(sl)
            stats(ol)
            printf "| %s vs %s | `speed %s` | %s | `%s` -> `%s` | %d | %.3f [%.3f-%.3f] | %s | %.1f%% | %.3f [%.3f-%.3f] | %.1f%% | %.3f |\n", \
                B, A, g[1], g[2], fa[3], fb[3], n, sm, slo, shi, CI, 100 * (shi - slo) / sm, MED, LO, HI, \
                100 * (HI - LO) / MED, MED / sm
        }
    }
}' "$1"
