#!/usr/bin/env bash
# Cross-checks osslbench against OpenSSL's own perftools (github.com/openssl/perftools):
# tools/perftools-map.tsv says which perftools test times the same operation as which
# osslbench workload, API path and op.  perftools is built per release outside this tree,
# then every round runs, line by line and release by release, the perftools test and then
# osslbench on the same operation, both pinned to one CPU, so machine drift hits both alike.
# A map line runs on the releases from its `from` and before its `before` (3.5 changed the
# default TLS group perftools negotiates: from 3.5 another line pairs its handshake).
# The report (tools/perftools-crosscheck-report.sh) gives per line and release pair the
# ratio each tool measures and whether they agree within 5%; it is also written, with the
# map, to docs/perftools-map.md.
#
#   tools/perftools-crosscheck.sh PERFTOOLS=DIR [options] INSTALL_DIR...
#
# DIR: a checkout of openssl/perftools (read only: its source/ is copied).  PERFTOOLS may also
# come from the environment.  INSTALL_DIR: a builds/ install (lib/libcrypto.so.*, libssl beside
# it); its folder name is its label.  perftools needs the release's headers: INSTALL_DIR/include
# if there is one, else they are generated from builds/tarballs/openssl-RELEASE.tar.gz
# (the tarball folder: --tarballs).  Options:
#   --rounds N        alternating rounds (default 3)
#   --time S          osslbench's --time per point (default 2; each perftools test runs 5 s)
#   --cpu N           the CPU both run on (default: the last one this process may use)
#   --tests a,b       only these perftools tests of the map
#   --pair A:B        release pairs to compare (repeatable; default: consecutive arguments)
#   --map FILE        the mapping (default tools/perftools-map.tsv)
#   --tarballs DIR    where openssl-RELEASE.tar.gz are (default: INSTALL_DIR/../../tarballs)
#   --work DIR        build perftools there and keep it (default: a temporary folder)
#   --raw FILE        per-round measurements, TSV (default: a new file under /tmp)
#   --doc FILE        the Markdown page to write (default docs/perftools-map.md; - for none)
#   --max-load L      after the builds, wait until the 1-minute load average is below L
#   --max-wait S      ... for at most S seconds (default 1800), then measure anyway, saying so
# Prints the report on stdout, progress and skipped lines on stderr.
set -euo pipefail
# All in main(), called on the last line: bash parses it whole before running.
main() {
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
bench=$root/bin/osslbench

die() { printf 'perftools-crosscheck: %s\n' "$*" >&2; exit 2; }
say() { printf 'perftools-crosscheck: %s\n' "$*" >&2; }

perftools=${PERFTOOLS:-} rounds=3 secs=2 cpu='' only='' map=$here/perftools-map.tsv
tarballs='' work='' raw='' doc=$root/docs/perftools-map.md max_load='' max_wait=1800
pairs=()
while (($#)); do
    case $1 in
        PERFTOOLS=*) perftools=${1#PERFTOOLS=}; shift ;;
        --rounds)   rounds=${2:?--rounds needs N}; shift 2 ;;
        --time)     secs=${2:?--time needs S}; shift 2 ;;
        --cpu)      cpu=${2:?--cpu needs N}; shift 2 ;;
        --tests)    only=${2:?--tests needs a list}; shift 2 ;;
        --pair)     pairs+=("${2:?--pair needs A:B}"); shift 2 ;;
        --map)      map=${2:?--map needs a file}; shift 2 ;;
        --tarballs) tarballs=${2:?--tarballs needs a folder}; shift 2 ;;
        --work)     work=${2:?--work needs a folder}; shift 2 ;;
        --raw)      raw=${2:?--raw needs a file}; shift 2 ;;
        --doc)      doc=${2:?--doc needs a file or -}; shift 2 ;;
        --max-load) max_load=${2:?--max-load needs L}; shift 2 ;;
        --max-wait) max_wait=${2:?--max-wait needs S}; shift 2 ;;
        -h|--help)  sed -n '2,32p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*)         die "unknown option '$1' (see --help)" ;;
        *)          break ;;
    esac
done
[[ -n $perftools ]] || die "give PERFTOOLS=DIR, a checkout of openssl/perftools (see --help)"
[[ -f $perftools/source/CMakeLists.txt && -f $perftools/source/perflib/perflib.h ]] \
    || die "PERFTOOLS=$perftools is not a perftools checkout (no source/CMakeLists.txt, source/perflib/perflib.h)"
(($# >= 1)) || die "give at least one install folder (see --help)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive integer, not '$rounds'"
[[ $secs =~ ^[0-9]+(\.[0-9]+)?$ && $secs != 0 ]] || die "--time must be a positive number of seconds, not '$secs'"
[[ -z $max_load || ( $max_load =~ ^[0-9]+(\.[0-9]+)?$ && ! $max_load =~ ^0+(\.0+)?$ ) ]] \
    || die "--max-load must be a positive load average, not '$max_load'"
[[ $max_wait =~ ^[0-9]+$ ]] || die "--max-wait must be a whole number of seconds, not '$max_wait'"
[[ -r $map ]] || die "cannot read the map '$map'"
[[ -x $bench ]] || die "build bin/osslbench first (make)"
for tool in cmake make cc taskset; do command -v "$tool" >/dev/null || die "needs $tool on PATH"; done
if [[ -z $cpu ]]; then cpu=$(taskset -pc $$ | awk -F'[ ,:-]+' '{ print $NF }'); fi
if ! [[ $cpu =~ ^[0-9]+$ ]] || ! taskset -c "$cpu" true 2>/dev/null; then die "cannot pin to CPU '$cpu'"; fi

# ver_ge A B: version A >= version B (1.1.1w >= 1.1.1, 3.0.20 < 3.5).
ver_ge() { [[ $(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1) == "$2" ]]; }
map_rows() { awk -F'\t' '!/^#/ && NF { if (!hdr++) next; print }' "$map"; }
map_rows | awk -F'\t' 'NF != 11 { exit 1 }' || die "$map: every line needs 11 TAB-separated columns"
# The first bad line, read to the end: an early exit would kill map_rows with SIGPIPE.
bad=$(map_rows | awk -F'\t' 'bad == "" && ($3 !~ /^[1-9]$/ || $10 !~ /^(same|near|differs|none)$/ || $7 !~ /^(-|[1-9][0-9]*)$/ ||
    $8 !~ /^[0-9]+(\.[0-9]+)+$/ || $9 !~ /^(-|[0-9]+(\.[0-9]+)+)$/) { bad = $1 " " $2 } END { print bad }')
[[ -z $bad ]] || die "$map: line '$bad': value must be 1-9, bytes - or a size, from a release number (3.5), before - or one, match same/near/differs/none"
# A pairing's releases are from <= release < before: an empty range is a typo, not a line.
while IFS=$'\t' read -r t o from before; do
    [[ $before == - ]] || ! ver_ge "$from" "$before" || die "$map: line '$t $o': before $before is not after from $from"
done < <(map_rows | cut -f1,2,8,9)

if [[ -n $work ]]; then
    work=$(realpath -m -- "$work")
    case $work/ in "$root"/*) die "--work must be outside the repository (perftools is never built inside it)" ;; esac
    mkdir -p -- "$work" || die "cannot make '$work'"
else
    work=$(mktemp -d)
    trap 'rm -rf -- "$work"' EXIT
fi

"$bench" list --workloads --tsv >"$work/workloads.tsv" || die "bin/osslbench list --workloads --tsv failed"
wcol=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "workload") print i; exit }' "$work/workloads.tsv")
[[ -n $wcol ]] || die "bin/osslbench list --workloads --tsv has no workload column"

# ---------------------------------------------------------------- perftools per release

# headers DIR RELEASE: prints an include folder with openssl/opensslv.h for RELEASE,
# generating the configured headers from the release tarball when DIR has none.
headers() {
    local dir=$1 rel=$2 tb src
    if [[ -f $dir/include/openssl/opensslv.h ]]; then echo "$dir/include"; return; fi
    tb=${tarballs:-$dir/../../tarballs}/openssl-$rel.tar.gz
    [[ -r $tb ]] || die "$dir: no include/ and no $tb to take $rel's headers from (--tarballs)"
    src=$work/src-$rel
    if [[ ! -f $src/.headers-done ]]; then
        say "$rel: generating headers from $(basename "$tb")"
        rm -rf -- "$src" && mkdir -p -- "$src"
        tar -xzf "$tb" -C "$src" --strip-components=1 || die "cannot unpack $tb"
        (cd "$src" && ./config >config.log 2>&1) || die "$rel: ./config failed (see $src/config.log)"
        # 1.x configures opensslconf.h; 3.x several *.h.in.  Nothing else is built.
        local gen=(include/openssl/opensslconf.h)
        if [[ -f $src/include/openssl/opensslv.h.in ]]; then
            mapfile -t gen < <(cd "$src" && find include/openssl -name '*.h.in' | sed 's/\.in$//')
        fi
        (cd "$src" && make "${gen[@]}" >make.log 2>&1) || die "$rel: generating headers failed (see $src/make.log)"
        touch "$src/.headers-done"
    fi
    echo "$src/include"
}

labels=()
declare -A dir_of lib_of ver_of vtext_of bin_of listed_of
for dir in "$@"; do
    dir=${dir%/}
    label=$(basename "$dir")
    [[ -z ${lib_of[$label]:-} ]] || die "two install folders are named '$label'"
    lib=$(find "$dir/lib" -maxdepth 1 -type f -name 'libcrypto.so.*' 2>/dev/null | head -n1) || true
    [[ -n $lib ]] || die "$dir: no lib/libcrypto.so.* (not a builds/ install?)"
    info=$("$bench" info --lib "$lib") || die "$dir: bin/osslbench cannot load $lib"
    ver=$(awk '$1 == "release" { print $2 }' <<<"$info")
    [[ -n $ver ]] || die "$dir: bin/osslbench info names no release"
    labels+=("$label")
    dir_of[$label]=$dir lib_of[$label]=$lib ver_of[$label]=$ver
    vtext_of[$label]=$(awk '$1 == "version_text" { sub(/^ *version_text +/, ""); print }' <<<"$info")
    listed_of[$label]=$("$bench" list --lib "$lib" | awk '$3 == "yes" { print $1, $2 }')
done
if ((${#pairs[@]} == 0)); then
    for ((i = 1; i < ${#labels[@]}; i++)); do pairs+=("${labels[i-1]}:${labels[i]}"); done
fi
for p in "${pairs[@]}"; do
    [[ $p == *:* && -n ${lib_of[${p%%:*}]:-} && -n ${lib_of[${p#*:}]:-} ]] \
        || die "--pair '$p' does not name two of the given install folders"
done
# plan lines: the map line's 11 columns, in map order, for lines with a workload.
plan=$work/plan
map_rows | awk -F'\t' -v only="$only" '$4 != "-" && (only == "" || index("," only ",", "," $1 ",")) ' >"$plan"
[[ -s $plan ]] || die "nothing to compare: no map line with an osslbench workload${only:+ among --tests $only}"

for label in "${labels[@]}"; do
    dir=${dir_of[$label]} ver=${ver_of[$label]} vtext=${vtext_of[$label]}
    inc=$(headers "$dir" "$ver")
    pfx=$work/prefix-$label b=$work/build-$label
    rm -rf -- "$pfx" "$b" "$work/pt-$label" && mkdir -p -- "$pfx" "$b"
    ln -s "$inc" "$pfx/include" && ln -s "$(cd "$dir/lib" && pwd)" "$pfx/lib"
    # CMake writes config.h into the source folder: a copy keeps the checkout untouched.
    cp -R "$perftools/source" "$work/pt-$label"
    say "$label: building perftools against $ver"
    cmake -S "$work/pt-$label" -B "$b" -DOPENSSL_ROOT_DIR="$pfx" -DCMAKE_BUILD_TYPE=Release \
        -Drun_add_version_dep:BOOL=OFF >"$b/cmake.log" 2>&1 || die "$label: cmake failed (see $b/cmake.log)"
    # -k: a test that does not build on this release is simply absent (newrawkey, evp_* on 1.1.1).
    make -C "$b" -k -j2 >"$b/build.log" 2>&1 || say "$label: some perftools tests did not build (see $b/build.log)"
    [[ -x $b/randbytes ]] || die "$label: perftools' randbytes did not build (see $b/build.log)"
    # The test must run on exactly this library: -V prints the version it loaded.
    got=$(LD_LIBRARY_PATH=$(dirname "${lib_of[$label]}") "$b/randbytes" -V 2>&1) || die "$label: perftools randbytes -V failed: $got"
    [[ $got == *"OpenSSL library: $vtext"* ]] || die "$label: perftools runs on '$got', not '$vtext'"
    bin_of[$label]=$b
done

# ---------------------------------------------------------------- certificates
# The server certificate and key of osslbench's TLS lines, as PEM files: the
# hex bytes of data/tls_certs.c's ecdsa_p256 arrays, converted by the openssl CLI.
certs=$work/certs
if awk -F'\t' '$2 ~ /(^| )CERTDIR( |$)/ { found = 1 } END { exit !found }' "$plan"; then
    for tool in openssl xxd; do command -v "$tool" >/dev/null || die "CERTDIR lines need $tool on PATH"; done
    mkdir -p -- "$certs"
    for part in cert key; do
        awk -v name="ecdsa_p256_$part" '
            $0 ~ "^static const unsigned char " name "\\[\\]" { on = 1; next }
            on && /^};/ { exit }
            on { gsub(/0x|[ ,]/, ""); printf "%s", $0 }' "$root/data/tls_certs.c" | xxd -r -p >"$certs/$part.der"
        [[ -s $certs/$part.der ]] || die "data/tls_certs.c has no ecdsa_p256_$part array"
    done
    openssl x509 -inform DER -in "$certs/cert.der" -out "$certs/servercert.pem" 2>/dev/null \
        || die "data/tls_certs.c: ecdsa_p256_cert is not a DER certificate"
    openssl pkey -inform DER -in "$certs/key.der" -out "$certs/serverkey.pem" 2>/dev/null \
        || die "data/tls_certs.c: ecdsa_p256_key is not a DER key"
fi

# ---------------------------------------------------------------- the plan
# runnable LABEL TEST WORKLOAD API FROM BEFORE: why the line cannot run there, or nothing.
runnable() {
    local label=$1
    ver_ge "${ver_of[$label]}" "$5" || { echo "the map pairs them from $5 on"; return; }
    # From BEFORE on another map line pairs the test (perftools negotiates another group ...).
    [[ $6 == - ]] || ! ver_ge "${ver_of[$label]}" "$6" || { echo "the map pairs them before $6 only"; return; }
    [[ -x ${bin_of[$label]}/$2 ]] || { echo "perftools' $2 did not build for this release"; return; }
    awk -F'\t' -v c="$wcol" -v w="$3" 'NR > 1 && $c == w { f = 1 } END { exit !f }' "$work/workloads.tsv" \
        || { echo "bin/osslbench has no workload $3 (not merged yet?)"; return; }
    # list --lib names sized families by pattern: rsa<N> stands for rsa2048.
    awk -v w="$3" -v a="$4" '$2 == a { p = $1; gsub(/<N>/, "[0-9]+", p); if (w ~ ("^" p "$")) f = 1 } END { exit !f }' \
        <<<"${listed_of[$label]}" || echo "bin/osslbench does not list $3/$4 for this library"
}

[[ -n $raw ]] || raw=$(mktemp /tmp/perftools-crosscheck.XXXXXX.tsv)
printf 'round\tlabel\tversion\ttest\toptions\tworkload\tapi\top\tmatch\tperftools_us\tosslbench_rate\tunit\tfrom\tbefore\n' >"$raw" \
    || die "cannot write '$raw'"

# ---------------------------------------------------------------- measuring
# perftools_us LABEL TEST OPTIONS VALUE: the time per call its terse output gives.
perftools_us() {
    local b=${bin_of[$1]} args=() out v
    if [[ $3 != - ]]; then
        # shellcheck disable=SC2206  # options are words by design
        args=($3)
        args=("${args[@]/#CERTDIR/$certs}")
    fi
    out=$(cd "$b" && LD_LIBRARY_PATH=$(dirname "${lib_of[$1]}") taskset -c "$cpu" "./$2" -t "${args[@]}" 1 2>"$work/pt.err") \
        || die "$1: perftools $2 $3 failed: $(cat "$work/pt.err" - <<<"$out" | awk 'NF { l = $0 } END { print l }')"
    # The last line is the terse result, numbers only; anything else is a message, not a time.
    v=$(awk -v n="$4" 'NF { l = $0 } END { k = split(l, f, " "); if (k >= n && f[n] ~ /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/ && f[n] + 0 > 0) print f[n] }' <<<"$out")
    [[ -n $v ]] || die "$1: perftools $2 $3 printed no time per call: $(awk 'NF { l = $0 } END { print l }' <<<"$out")"
    echo "$v"
}

# osslbench_rate LABEL WORKLOAD API OP BYTES: "rate unit", or "NA -" when the row is not ok.
osslbench_rate() {
    local csv=$work/run.csv rc=0 sizes=()
    rm -f -- "$csv" "$work/run.metadata.txt"   # osslbench never overwrites a file
    [[ $5 == - ]] || sizes=(--sizes "$5")
    # Exit 1 = some row not ok: still a complete CSV, whose rows say why.
    # --span 0: a round measures for --time, as long as the other tool's, not for minutes
    taskset -c "$cpu" "$bench" run --lib "$1=${lib_of[$1]}" --workloads "$2" --api "$3" "${sizes[@]}" \
        --time "$secs" --span 0 --precision 0.005 --quiet --csv "$csv" >"$work/run.out" 2>&1 || rc=$?
    if ((rc > 1)) || [[ ! -s $csv ]]; then die "$1: bin/osslbench run of $2/$3 failed: $(tail -n1 "$work/run.out")"; fi
    "$bench" columns "$csv" op status rate unit \
        | awk -F'\t' -v op="$4" '$1 == op { print ($2 == "ok" ? $3 " " $4 : "NA -"); f = 1; exit } END { if (!f) print "NA -" }'
}

n_labels=${#labels[@]}
# The load beside the figures: a busy neighbour moves a ratio more than the tools differ.
load() { uptime | sed 's/.*load average: //'; }
# load1: the 1-minute figure, from /proc (uptime may print it with a decimal comma).
load1() { if [[ -r /proc/loadavg ]]; then cut -d' ' -f1 /proc/loadavg; else load | sed 's/,.*//'; fi; }
if [[ -n $max_load ]]; then
    waited=0
    # The builds above are this script's own load: wait for it to go too.
    while awk -v l="$(load1)" -v m="$max_load" 'BEGIN { exit !(l + 0 >= m + 0) }'; do
        if ((waited >= max_wait)); then
            say "the 1-minute load average is $(load1), not below $max_load, after $waited s: measuring anyway"
            break
        fi
        ((waited > 0)) || say "waiting until the 1-minute load average ($(load1)) is below $max_load (at most $max_wait s)"
        step=$((max_wait - waited < 15 ? max_wait - waited : 15))
        sleep "$step"; waited=$((waited + step))
    done
fi
load_start=$(load)
say "$n_labels libraries, $(wc -l <"$plan") map lines, $rounds rounds on CPU $cpu; raw data: $raw"
declare -A skipped
: >"$work/skipped.tsv"
for ((r = 1; r <= rounds; r++)); do
    say "round $r/$rounds, load average $(load)"
    # Libraries alternate direction from round to round.
    order=()
    for ((i = 0; i < n_labels; i++)); do
        if ((r % 2)); then order+=("${labels[i]}"); else order+=("${labels[n_labels-1-i]}"); fi
    done
    while IFS=$'\t' read -r test opts value wl api op bytes from before match _; do
        for label in "${order[@]}"; do
            why=$(runnable "$label" "$test" "$wl" "$api" "$from" "$before")
            if [[ -n $why ]]; then
                key="$label $test $opts $wl $api $op"
                if [[ -z ${skipped[$key]:-} ]]; then
                    say "$label: skipped $test $opts <-> $wl/$api/$op: $why"
                    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$test" "$opts" "$wl" "$api" "$op" "$why" >>"$work/skipped.tsv"
                fi
                skipped[$key]=1
                continue
            fi
            us=$(perftools_us "$label" "$test" "$opts" "$value")
            read -r rate unit < <(osslbench_rate "$label" "$wl" "$api" "$op" "$bytes")
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$label" "${ver_of[$label]}" "$test" "$opts" \
                "$wl" "$api" "$op" "$match" "$us" "$rate" "$unit" "$from" "$before" >>"$raw"
        done
    done <"$plan"
done

pair_args=()
for p in "${pairs[@]}"; do pair_args+=(--pair "$p"); done
"$here/perftools-crosscheck-report.sh" "${pair_args[@]}" "$raw" | tee "$work/report.md"
if [[ $doc != - ]]; then
    "$here/perftools-crosscheck-report.sh" --doc "$map" "$work/report.md" \
        "$(date -u +%Y-%m-%d), ${labels[*]}, CPU $cpu, $rounds rounds, load average (1, 5, 15 minutes) $load_start at the start, $(load) at the end" \
        "$work/skipped.tsv" >"$doc" \
        || die "cannot write '$doc'"
    say "wrote $doc"
fi
}

main "$@"
