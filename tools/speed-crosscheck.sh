#!/usr/bin/env bash
# Cross-checks osslbench against each release's own `openssl speed`, like
# with like: tools/speed-map.tsv says which speed invocation times the same
# operation as which osslbench API path on which releases.  Every round runs,
# workload by workload and library by library, that speed invocation and then
# osslbench on the same points, both pinned to one CPU, so machine drift hits
# both alike; the report (tools/speed-crosscheck-report.sh) gives per point the
# median osslbench/speed ratio with its spread, and per release pair the
# osslbench ratio next to speed's own.
#
#   tools/speed-crosscheck.sh [options] INSTALL_DIR...
#
# INSTALL_DIR: a builds/ install made with APPS=1 (lib/libcrypto.so.*, bin/openssl);
# its folder name is its label.  Options:
#   --rounds N        alternating rounds (default 7)
#   --sizes "A B"     block sizes in bytes (default "16 8192")
#   --time S          seconds per point for both tools, integer (default 1; speed of
#                     0.9.8/1.0 has no -seconds/-bytes and always runs 5 sizes x 3 s)
#   --clock cpu|wall  cpu (default): osslbench --clock cpu, speed's user CPU time;
#                     wall: osslbench --clock wall, speed -elapsed
#   --cpu N           the CPU both run on (default: the last one this process may use)
#   --workloads a,b   only these workloads of the map
#   --pair A:B        release pairs to compare (repeatable; default: consecutive arguments)
#   --map FILE        the mapping (default tools/speed-map.tsv)
#   --raw FILE        per-round measurements, TSV (default: a new file under /tmp)
# Prints the Markdown report on stdout, progress and skipped lines on stderr.
set -euo pipefail
# All in main(), called on the last line: bash parses it whole before running,
# so editing this file during an hour-long cross-check cannot derail it.
main() {
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
bench=$root/bin/osslbench

die() { printf 'speed-crosscheck: %s\n' "$*" >&2; exit 2; }
say() { printf 'speed-crosscheck: %s\n' "$*" >&2; }

rounds=7 sizes="16 8192" secs=1 clock=cpu cpu='' only='' map=$here/speed-map.tsv raw=''
pairs=()
while (($#)); do
    case $1 in
        --rounds)    rounds=${2:?--rounds needs N}; shift 2 ;;
        --sizes)     sizes=${2:?--sizes needs a list}; shift 2 ;;
        --time)      secs=${2:?--time needs S}; shift 2 ;;
        --clock)     clock=${2:?--clock needs cpu or wall}; shift 2 ;;
        --cpu)       cpu=${2:?--cpu needs N}; shift 2 ;;
        --workloads) only=${2:?--workloads needs a list}; shift 2 ;;
        --pair)      pairs+=("${2:?--pair needs A:B}"); shift 2 ;;
        --map)       map=${2:?--map needs a file}; shift 2 ;;
        --raw)       raw=${2:?--raw needs a file}; shift 2 ;;
        -h|--help)   sed -n '2,26p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*)          die "unknown option '$1' (see --help)" ;;
        *)           break ;;
    esac
done
(($# >= 1)) || die "give at least one install folder (see --help)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, not '$rounds'"
[[ $secs =~ ^[1-9][0-9]*$ ]] || die "--time must be a positive integer (speed -seconds), not '$secs'"
[[ $clock == cpu || $clock == wall ]] || die "--clock must be cpu or wall, not '$clock'"
for b in $sizes; do [[ $b =~ ^[1-9][0-9]*$ ]] || die "bad size '$b' in --sizes"; done
[[ -x $bench ]] || die "build bin/osslbench first (make)"
[[ -r $map ]] || die "cannot read the map '$map'"
if [[ -z $cpu ]]; then cpu=$(taskset -pc $$ | awk -F'[ ,:-]+' '{ print $NF }'); fi
if ! [[ $cpu =~ ^[0-9]+$ ]] || ! taskset -c "$cpu" true 2>/dev/null; then die "cannot pin to CPU '$cpu'"; fi

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

# ---------------------------------------------------------------- names
# tsv_col FILE NAME: the index of column NAME in the TSV header of FILE.
tsv_col() { awk -F'\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) print i; exit }' "$1"; }
# Every "workload path" pair osslbench has, from its machine-readable listings
# (columns read by header name): a map line naming anything else is an error.
"$bench" list --workloads --tsv >"$tmp/workloads.tsv" || die "bin/osslbench list --workloads --tsv failed"
"$bench" list --apis --tsv >"$tmp/apis.tsv" || die "bin/osslbench list --apis --tsv failed"
wcol=$(tsv_col "$tmp/workloads.tsv" workload) acol=$(tsv_col "$tmp/workloads.tsv" apis)
ncol=$(tsv_col "$tmp/apis.tsv" api)
[[ -n $wcol && -n $acol && -n $ncol ]] || die "bin/osslbench list --tsv lacks a workload, apis or api column"
known=$tmp/known
awk -F'\t' -v w="$wcol" -v a="$acol" -v n="$ncol" '
    NR == FNR { if (FNR > 1) api[$n] = 1; next }
    FNR > 1 { k = split($a, p, ","); for (i = 1; i <= k; i++) if (p[i] in api) print $w, p[i] }' \
    "$tmp/apis.tsv" "$tmp/workloads.tsv" >"$known"
[[ -s $known ]] || die "bin/osslbench list --workloads --tsv names no workload"
map_rows() { awk -F'\t' '!/^#/ && NF { if (!hdr++) next; print }' "$map"; }
map_rows | awk -F'\t' 'NF != 7 { exit 1 }' || die "$map: every line needs 7 TAB-separated columns"
unknown=$(map_rows | awk -F'\t' 'NR == FNR { known[$0] = 1; next } !(($1 " " $2) in known) { print $1 "/" $2; exit }' "$known" -)
[[ -z $unknown ]] || die "$map names $unknown, which bin/osslbench list --workloads --tsv does not list"
# A speed name in the speed column (the word no option takes: `rmd160`, `-provider legacy md2`,
# not `-evp sha256`'s or `-hmac sha256`'s) must be one that bin/osslbench list --speed-names --tsv
# (harness/workloads/speed_names.def, the one table of speed's names per release) gives the
# line's workload on every speed release in [from, below).
"$bench" list --speed-names --tsv >"$tmp/names.tsv" || die "bin/osslbench list --speed-names --tsv failed"
misnamed=$(map_rows | awk -F'\t' '
    # vlt(A, B): version A < version B, numerically part by part (3.0 < 3.0.7 < 3.5).
    function vlt(a, b,    x, y, n, m, i) {
        n = split(a, x, "."); m = split(b, y, ".")
        for (i = 1; i <= (n > m ? n : m); i++)
            if (x[i] + 0 != y[i] + 0) return x[i] + 0 < y[i] + 0
        return 0
    }
    NR == FNR {
        if (FNR == 1) { for (i = 1; i <= NF; i++) { col[$i] = i; if (i > 4) rel[++nrel] = $i } next }
        k = split($col["workloads"], w, " ")
        for (i = 1; i <= nrel; i++)
            if ($(col[rel[i]]) != "-")
                for (j = 1; j <= k; j++) stands[rel[i], $col["name"], w[j]] = 1
        next
    }
    {
        n = split($5, a, " "); name = ""
        for (i = 1; i <= n; i++) {
            if (a[i] == "-evp" || a[i] == "-hmac" || a[i] == "-provider") { i++; continue }
            if (substr(a[i], 1, 1) != "-") name = a[i]
        }
        if (name == "") next
        for (i = 1; i <= nrel; i++) {
            if (vlt(rel[i], $3) || ($4 != "-" && !vlt(rel[i], $4))) continue
            if (!((rel[i], name, $1) in stands)) { print "speed " $5 " for " $1 " on " rel[i]; exit }
        }
    }' "$tmp/names.tsv" -)
[[ -z $misnamed ]] || die "$map: $misnamed: not that release's speed name for that workload (bin/osslbench list --speed-names --tsv)"

# ---------------------------------------------------------------- libraries
# ver_ge A B: version A >= version B (0.9.8q >= 0.9.8, 1.1.1w < 3.0).
ver_ge() { [[ $(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1) == "$2" ]]; }

labels=()
declare -A lib_of app_of ver_of bytes_ok_of listed_of
for dir in "$@"; do
    dir=${dir%/}
    label=$(basename "$dir")
    [[ -z ${lib_of[$label]:-} ]] || die "two install folders are named '$label'"
    lib=$(find "$dir/lib" -maxdepth 1 -type f -name 'libcrypto.so.*' 2>/dev/null | head -n1) || true
    [[ -n $lib ]] || die "$dir: no lib/libcrypto.so.* (not a builds/ install?)"
    [[ -x $dir/bin/openssl ]] || die "$dir: no bin/openssl (build it with APPS=1)"
    info=$("$bench" info --lib "$lib") || die "$dir: bin/osslbench cannot load $lib"
    ver=$(awk '$1 == "release" { print $2 }' <<<"$info")
    vtext=$(awk '$1 == "version_text" { sub(/^ *version_text +/, ""); print }' <<<"$info")
    # The app must run on exactly this library: it reports the library's version.
    appv=$(OPENSSL_CONF=/dev/null "$dir/bin/openssl" version 2>&1) || die "$dir/bin/openssl does not run: $appv"
    [[ $appv == "$vtext"* ]] || die "$dir: bin/openssl reports '$appv', the library is '$vtext'"
    labels+=("$label")
    lib_of[$label]=$lib app_of[$label]=$dir/bin/openssl ver_of[$label]=$ver
    # 1.1.1+ speed takes -seconds/-bytes; older ones time their fixed size list.
    bytes_ok_of[$label]=0
    if "$dir/bin/openssl" speed -help 2>&1 | grep -q -- '-bytes'; then bytes_ok_of[$label]=1; fi
    # "workload path" pairs this osslbench supports on this library: the
    # `  WORKLOAD PATH yes|no: why` lines of list --lib whose two names are
    # a pair of the machine-readable listing (anything else is not a row).
    listed_of[$label]=$("$bench" list --lib "$lib" | awk 'NR == FNR { known[$0] = 1; next }
        $3 == "yes" && (($1 " " $2) in known) { print $1, $2 }' "$known" -)
done
if ((${#pairs[@]} == 0)); then
    for ((i = 1; i < ${#labels[@]}; i++)); do pairs+=("${labels[i-1]}:${labels[i]}"); done
fi
for p in "${pairs[@]}"; do
    [[ $p == *:* && -n ${lib_of[${p%%:*}]:-} && -n ${lib_of[${p#*:}]:-} ]] \
        || die "--pair '$p' does not name two of the given install folders"
done

# ---------------------------------------------------------------- the plan
# plan lines: label TAB workload TAB path TAB speed TAB match, in map order.
plan=$tmp/plan
: >"$plan"
in_list() { [[ -z $only || ,$only, == *",$1,"* ]]; }
for label in "${labels[@]}"; do
    ver=${ver_of[$label]}
    while IFS=$'\t' read -r wl path from below speed match _; do
        if [[ $speed == - ]] || ! in_list "$wl"; then continue; fi
        ver_ge "$ver" "$from" || continue
        [[ $below == - ]] || ! ver_ge "$ver" "$below" || continue
        if ! grep -qxF "$wl $path" <<<"${listed_of[$label]}"; then
            say "$label: skipped $wl/$path <-> speed $speed: bin/osslbench does not list that path for this library"
            continue
        fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$wl" "$path" "$speed" "$match" >>"$plan"
    done < <(map_rows)
done
[[ -s $plan ]] || die "nothing to compare: no map line applies to these libraries"
[[ -n $raw ]] || raw=$(mktemp /tmp/speed-crosscheck.XXXXXX.tsv)
printf 'round\tlabel\tversion\tworkload\tpath\tbytes\tspeed\tmatch\tspeed_rate\tosslbench_rate\tclock\n' >"$raw" \
    || die "cannot write '$raw'"

# ---------------------------------------------------------------- measuring
# speed_rates LABEL ARGS: "bytes rate" lines for every size of --sizes.
speed_rates() {
    local label=$1 args=$2 app=${app_of[$1]} b out env=(OPENSSL_CONF=/dev/null) extra=()
    local mods; mods=$(dirname "${lib_of[$label]}")/ossl-modules
    [[ -d $mods ]] && env+=("OPENSSL_MODULES=$mods")
    [[ $clock == wall ]] && extra+=(-elapsed)
    # shellcheck disable=SC2206  # speed arguments are words by design
    local words=($args)
    if [[ ${bytes_ok_of[$label]} == 1 ]]; then
        for b in $sizes; do
            out=$(env "${env[@]}" taskset -c "$cpu" "$app" speed -mr "${extra[@]}" -seconds "$secs" -bytes "$b" \
                "${words[@]}" 2>/dev/null) || die "$label: openssl speed $args -bytes $b failed"
            awk -F: -v b="$b" '$1 == "+F" { print b, $4 }' <<<"$out"
        done
    else
        out=$(env "${env[@]}" taskset -c "$cpu" "$app" speed -mr "${extra[@]}" "${words[@]}" 2>/dev/null) \
            || die "$label: openssl speed $args failed"
        # +H:16:64:... lists the sizes, +F:n:name:rate:rate... the rates (B/s).
        awk -F: -v want="$sizes" 'BEGIN { n = split(want, w, " ") }
            $1 == "+H" { for (i = 2; i <= NF; i++) col[$i] = i + 2 }
            $1 == "+F" { for (i = 1; i <= n; i++) print w[i], (w[i] in col ? $(col[w[i]]) : "NA") }' <<<"$out"
    fi
}

# bench_rates LABEL WORKLOAD PATH: "bytes rate" lines (NA when not ok).
bench_rates() {
    local csv=$tmp/run.csv rc=0
    rm -f -- "$csv" "$tmp/run.metadata.txt"   # osslbench never overwrites a file
    # Exit 1 = some row not ok: still a complete CSV, whose rows say why.
    # --span 0: a round measures for --time, as long as the other tool's, not for minutes
    taskset -c "$cpu" "$bench" run --lib "${lib_of[$1]}" --workloads "$2" --api "$3" --sizes "${sizes// /,}" \
        --time "$secs" --span 0 --precision 0.0005 --clock "$clock" --quiet --csv "$csv" >"$tmp/run.out" 2>&1 || rc=$?
    if ((rc > 1)) || [[ ! -s $csv ]]; then die "$1: bin/osslbench run of $2/$3 failed: $(tail -n1 "$tmp/run.out")"; fi
    "$bench" columns "$csv" bytes status rate | awk -F'\t' '{ print $1, ($2 == "ok" ? $3 : "NA") }'
}

workloads=$(cut -f2 "$plan" | awk '!seen[$0]++')
n_labels=${#labels[@]}
say "$n_labels libraries, $(wc -l <"$plan") map lines, $rounds rounds on CPU $cpu, clock $clock; raw data: $raw"
for ((r = 1; r <= rounds; r++)); do
    say "round $r/$rounds"
    # Libraries alternate direction from round to round.
    order=()
    for ((i = 0; i < n_labels; i++)); do
        if ((r % 2)); then order+=("${labels[i]}"); else order+=("${labels[n_labels-1-i]}"); fi
    done
    for wl in $workloads; do
        for label in "${order[@]}"; do
            speeds=$(awk -F'\t' -v l="$label" -v w="$wl" '$1 == l && $2 == w { print $4 }' "$plan" | awk '!seen[$0]++')
            while IFS= read -r args; do
                [[ -n $args ]] || continue
                speed_rates "$label" "$args" >"$tmp/speed"
                awk -F'\t' -v l="$label" -v w="$wl" -v s="$args" '$1 == l && $2 == w && $4 == s { print $3 "\t" $5 }' \
                    "$plan" | while IFS=$'\t' read -r path match; do
                    bench_rates "$label" "$wl" "$path" >"$tmp/bench"
                    awk -v OFS='\t' -v r="$r" -v l="$label" -v v="${ver_of[$label]}" -v w="$wl" -v p="$path" \
                        -v s="$args" -v m="$match" -v c="$clock" '
                        NR == FNR { sp[$1] = $2; next }
                        { print r, l, v, w, p, $1, s, m, ($1 in sp ? sp[$1] : "NA"), $2, c }' \
                        "$tmp/speed" "$tmp/bench" >>"$raw"
                done
            done <<<"$speeds"
        done
    done
done

pair_args=()
for p in "${pairs[@]}"; do pair_args+=(--pair "$p"); done
"$here/speed-crosscheck-report.sh" "${pair_args[@]}" "$raw"
}

main "$@"
