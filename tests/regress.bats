#!/usr/bin/env bats
# `osslbench regress` and `make regress`: the verdict slower/faster/same.
#  - on fixtures (exact expectations: formats, exit codes, one-sided points,
#    folder inputs, one-line errors);
#  - on real libraries with a real speed difference: one libcrypto with and
#    without its SHA / AES extensions (OPENSSL_ia32cap) must be a regression;
#  - one libcrypto against itself must be "same" in >= 19 of 20 quick runs;
#  - `make regress` between a real 1.1.1w and a real 3.0.x (sha256/16/evp).

load helpers
bats_require_minimum_version 1.5.0

setup_file() {
    make -C "$ROOT" -s >/dev/null
    unset BASE NEW WORKLOADS SIZES API TIME THRESHOLD FORMAT RUN_ARGS OPENSSL_ia32cap
    # A 3.0.x: builds/' 3.0.20 when installed, else the system's.
    export LIB30=$SYSTEM_LIBCRYPTO
    local f
    for f in "$ROOT"/builds/install/3.0.*/lib/libcrypto.so.3; do
        if [[ -f $f ]]; then LIB30=$f; fi
    done
}

setup() {
    TMP=$BATS_TEST_TMPDIR
}

# fixture FILE LABEL CENTER [WORKLOAD:BYTES:FACTOR ...]: a results CSV as this
# version's runner writes it (rate_stat vp90, 12 samples in 3 visits of 4)
# around CENTER*FACTOR (+-2%, fixed pseudo-random).  FIXTURE_OLD=1: as an older
# osslbench wrote it (no rate_stat, no visits).
fixture() {
    local file=$1 label=$2 center=$3; shift 3
    awk -v label="$label" -v center="$center" -v specs="$*" -v old="${FIXTURE_OLD:-}" 'BEGIN {
        visits = old ? "" : ",vp90,4 4 4"
        print "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,iterations,status,note,host,cpu,timestamp" (old ? "" : ",rate_stat,sample_blocks") ",sample_rates"
        n = split(specs, spec, " "); seed = length(label) * 7919
        for (i = 1; i <= n; i++) {
            split(spec[i], f, ":")
            if (f[3] == "crashed") {
                printf "%s,3.0.20,0,/x,evp,%s,digest,%s,,B/s,,,0,0,crashed,\"signal 11, SIGSEGV\",h,c,t%s,\n", label, f[1], f[2], (old ? "" : ",,")
                continue
            }
            s = ""; lo = 1e300; hi = 0
            for (k = 0; k < 12; k++) {
                seed = (seed * 1103515245 + 12345) % 2147483648
                r = center * f[3] * (0.98 + 0.04 * seed / 2147483648)
                s = s (k ? " " : "") sprintf("%.1f", r); if (r < lo) lo = r; if (r > hi) hi = r
            }
            printf "%s,3.0.20,0,/x,evp,%s,digest,%s,%.1f,B/s,%.1f,%.1f,12,100,ok,,h,c,t%s,%s\n", label, f[1], f[2], center * f[3], lo, hi, visits, s
        }
    }' >"$file"
}

# ---------------------------------------------------------------- fixtures

@test "regress: a 4x slowdown is 'slower' (exit 1), listed first; one-sided points are listed" {
    fixture "$TMP/old.csv" old 1e8 sha256:16:1 sha256:1024:1 aes-128-cbc:16:1 rsa2048:0:1
    fixture "$TMP/new.csv" new 1e8 sha256:16:0.25 sha256:1024:1 aes-128-cbc:16:1.3 hmac-sha256:64:1
    run "$OSSLBENCH" regress "$TMP/old.csv" "$TMP/new.csv"
    echo "$output"
    [ "$status" -eq 1 ]
    # slowest first: the first data line after the header is sha256/16
    [[ $(grep -A1 '^workload' <<<"$output" | tail -1) == "sha256 "*" 16 "*"slower"* ]]
    grep -Eq '^aes-128-cbc .* faster' <<<"$output"
    grep -Eq '^sha256 .* 1024 .* same' <<<"$output"
    grep -Eq '^rsa2048 .*only-old' <<<"$output"
    grep -Eq '^hmac-sha256 .*only-new' <<<"$output"
    grep -q '5 points: 1 slower, 1 faster, 1 same, 0 failed, 0 n/a, 1 only in OLD, 1 only in NEW' <<<"$output"
}

@test "regress: same numbers on both sides is 'same' (exit 0); faster is no regression" {
    fixture "$TMP/a.csv" a 1e8 sha256:16:1 aes-128-gcm:16:1
    fixture "$TMP/b.csv" b 1e8 sha256:16:1 aes-128-gcm:16:2
    run "$OSSLBENCH" regress "$TMP/a.csv" "$TMP/a.csv"
    [ "$status" -eq 0 ]
    run "$OSSLBENCH" regress "$TMP/a.csv" "$TMP/b.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -Eq '^aes-128-gcm .* faster' <<<"$output"
}

@test "regress: its earlier name 'compare' still gives the same verdicts and says where it went" {
    fixture "$TMP/a.csv" a 1e8 sha256:16:1
    fixture "$TMP/b.csv" b 1e8 sha256:16:0.25
    run --separate-stderr "$OSSLBENCH" regress "$TMP/a.csv" "$TMP/b.csv"
    [ "$status" -eq 1 ]
    local want=$output
    run --separate-stderr "$OSSLBENCH" compare "$TMP/a.csv" "$TMP/b.csv"
    [ "$status" -eq 1 ]
    [ "$output" = "$want" ]
    # shellcheck disable=SC2154 # stderr: set by bats' run --separate-stderr
    [[ $stderr == "osslbench compare: this is now 'osslbench regress'"* ]]
    run "$OSSLBENCH" compare --help
    [ "$status" -eq 0 ]
    [[ $output == *"usage: osslbench regress"* ]]
}

@test "regress: CSV and Markdown output, --threshold" {
    fixture "$TMP/old.csv" old 1e8 sha256:16:1 sha256:64:1
    fixture "$TMP/new.csv" new 1e8 sha256:16:0.9 sha256:64:1
    run "$OSSLBENCH" regress --format csv "$TMP/old.csv" "$TMP/new.csv"
    [ "$status" -eq 1 ]
    [ "${lines[0]}" = "workload,api,op,bytes,threads,procs,unit,old_label,new_label,old_rate,new_rate,ratio,ratio_ci_low,ratio_ci_high,p_value,method,old_samples,new_samples,verdict,note" ]
    [[ ${lines[1]} == sha256,evp,digest,16,1,1,B/s,old,new,*,welch,12,12,slower, ]]
    [ "${#lines[@]}" -eq 3 ]
    run "$OSSLBENCH" regress --format md "$TMP/old.csv" "$TMP/new.csv"
    [ "$status" -eq 1 ]
    grep -q '^| workload | api | op | bytes | old | new | ratio | CI | p | verdict | note |$' <<<"$output"
    grep -q '^| sha256 | evp | digest | 16 | .* | \*\*slower\*\* |' <<<"$output"
    # a 10% slowdown is "same" when only 15% counts
    run "$OSSLBENCH" regress --threshold 15 "$TMP/old.csv" "$TMP/new.csv"
    [ "$status" -eq 0 ]
}

@test "regress: rows without visits (an older file) get the ratio, no interval, and n/a (exit 0)" {
    FIXTURE_OLD=1 fixture "$TMP/old.csv" old 1e8 sha256:16:1 sha256:64:1
    FIXTURE_OLD=1 fixture "$TMP/new.csv" new 1e8 sha256:16:0.25 sha256:64:1
    run "$OSSLBENCH" regress --format csv "$TMP/old.csv" "$TMP/new.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ ${lines[1]} == sha256,evp,digest,16,1,1,B/s,old,new,*,0.25,,,,no-ci,12,12,n/a,"no interval: "* ]]
    [[ ${lines[2]} == sha256,evp,digest,64,*,no-ci,12,12,n/a,* ]]
    # against a file of this version: still no interval on one side
    fixture "$TMP/now.csv" now 1e8 sha256:16:0.25 sha256:64:1
    run "$OSSLBENCH" regress "$TMP/old.csv" "$TMP/now.csv"
    [ "$status" -eq 0 ]
    grep -q '2 points: 0 slower, 0 faster, 0 same, 0 failed, 2 n/a' <<<"$output"
}

@test "regress: a point that fails only in NEW is a regression; folders and one file with two labels" {
    fixture "$TMP/old.csv" old 1e8 sha256:16:1
    fixture "$TMP/new.csv" new 1e8 sha256:16:crashed
    run "$OSSLBENCH" regress "$TMP/old.csv" "$TMP/new.csv"
    echo "$output"
    [ "$status" -eq 1 ]
    grep -Eq '^sha256 .* failed +new crashed: signal 11, SIGSEGV' <<<"$output"
    # a result folder: its results.csv, or its only *.csv
    mkdir -p "$TMP/r1" "$TMP/r2"
    cp "$TMP/old.csv" "$TMP/r1/results.csv"
    cp "$TMP/old.csv" "$TMP/r2/anything.csv"
    run "$OSSLBENCH" regress "$TMP/r1" "$TMP/r2"
    [ "$status" -eq 0 ]
    # one file, two libraries
    fixture "$TMP/n2.csv" n2 1e8 sha256:16:0.5
    tail -n +2 "$TMP/n2.csv" | cat "$TMP/old.csv" - >"$TMP/both.csv"
    run "$OSSLBENCH" regress "$TMP/both.csv" --old-label old --new-label n2
    [ "$status" -eq 1 ]
    run "$OSSLBENCH" regress "$TMP/both.csv" --old-label n2 --new-label old
    [ "$status" -eq 0 ]
}

@test "regress: bad input is one line on stderr and exit 2" {
    fixture "$TMP/a.csv" a 1e8 sha256:16:1
    fixture "$TMP/n2.csv" n2 1e8 sha256:16:1
    tail -n +2 "$TMP/n2.csv" | cat "$TMP/a.csv" - >"$TMP/both.csv"
    echo "not,a,results,file" >"$TMP/junk.csv"
    mkdir -p "$TMP/empty" "$TMP/two"
    touch "$TMP/two/x.csv" "$TMP/two/y.csv"
    check() { # EXPECTED-SUBSTRING ARGS...
        local want=$1; shift
        run "$OSSLBENCH" regress "$@"
        echo "$output"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ ${lines[0]} == "osslbench regress: "*"$want"* ]]
    }
    check "missing OLD and NEW"
    check "No such file" "$TMP/a.csv" "$TMP/nope.csv"
    check "not an osslbench results CSV" "$TMP/a.csv" "$TMP/junk.csv"
    check "holds 2 libraries (a, n2): pick one with --new-label" "$TMP/a.csv" "$TMP/both.csv"
    check "no library labelled 'zz' (labels: a, n2)" "$TMP/both.csv" --old-label a --new-label zz
    check "one input needs --old-label and --new-label" "$TMP/a.csv"
    check "--threshold wants a percentage" --threshold five "$TMP/a.csv" "$TMP/a.csv"
    check "--format wants term, csv or md" --format html "$TMP/a.csv" "$TMP/a.csv"
    check "more than two inputs" "$TMP/a.csv" "$TMP/a.csv" "$TMP/a.csv"
    check "no results.csv and no *.csv" "$TMP/empty" "$TMP/a.csv"
    check "2 CSV files" "$TMP/two" "$TMP/a.csv"
    check "unknown option '--frobnicate'" --frobnicate "$TMP/a.csv" "$TMP/a.csv"
}

@test "regress: NEW sharing no point with OLD is no verdict, one line and exit 2 (was 'no regression', exit 0)" {
    fixture "$TMP/a.csv" a 1e8 sha256:16:1
    fixture "$TMP/b.csv" b 1e8 sha1:16:1 sha256:64:1
    run "$OSSLBENCH" regress "$TMP/a.csv" "$TMP/b.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench regress: $TMP/a.csv and $TMP/b.csv share no point (workload, API path, operation, size): nothing to compare" ]
}

# ---------------------------------------------------------------- real libraries

cpu_has() { grep -m1 '^flags' /proc/cpuinfo | grep -qw "$1"; }

# measure LIB OUT.csv WORKLOAD SIZE [ENV...]: one library, one point.
measure() {
    local lib=$1 out=$2 wl=$3 size=$4; shift 4
    env "$@" "$OSSLBENCH" run --lib "$lib" --workloads "$wl" --sizes "$size" --api evp \
        --quick --time 0.5 --precision 0.0005 --csv "$out" --quiet >/dev/null
}

@test "real: the same libcrypto without its SHA extensions (OPENSSL_ia32cap) is a regression" {
    cpu_has sha_ni || skip "this CPU has no SHA extensions to turn off"
    measure "$LIB30" "$TMP/with.csv" sha256 8192
    measure "$LIB30" "$TMP/without.csv" sha256 8192 OPENSSL_ia32cap=":~0x20000000"
    run "$OSSLBENCH" regress "$TMP/with.csv" "$TMP/without.csv"
    echo "$output"
    [ "$status" -eq 1 ]
    grep -Eq '^sha256 +evp +digest +8192 .* slower' <<<"$output"
    # and the reverse direction is an improvement, not a regression
    run "$OSSLBENCH" regress "$TMP/without.csv" "$TMP/with.csv"
    [ "$status" -eq 0 ]
    grep -Eq '^sha256 .* faster' <<<"$output"
}

@test "real: the same libcrypto without AES-NI (OPENSSL_ia32cap) is a regression" {
    cpu_has aes || skip "this CPU has no AES-NI to turn off"
    measure "$LIB30" "$TMP/with.csv" aes-128-cbc 8192
    measure "$LIB30" "$TMP/without.csv" aes-128-cbc 8192 OPENSSL_ia32cap="~0x200000000000000"
    run "$OSSLBENCH" regress --format csv "$TMP/with.csv" "$TMP/without.csv"
    echo "$output"
    [ "$status" -eq 1 ]
    [[ ${lines[1]} == aes-128-cbc,evp,encrypt,8192,*,slower,* ]]
}

@test "real: two libraries of one run are paired by round; compare and report agree on ratio and CI" {
    "$OSSLBENCH" run --lib "a=$LIB30" --lib "b=$LIB30" --workloads sha256 --sizes 16,1024 --api evp \
        --quick --quiet --csv "$TMP/one.csv" >/dev/null
    run "$OSSLBENCH" regress "$TMP/one.csv" --old-label a --new-label b --format csv
    [ "$status" -le 1 ]
    [ "${#lines[@]}" -eq 3 ]
    [[ ${lines[1]} == *",paired,"*",same run: paired over "* ]] || { echo "${lines[1]}"; false; }
    # bytes, ratio, CI low, CI high from each tool's CSV, found by column name
    pick() { # CSV-TEXT NAME... : those columns of every row, space-separated (rows of paired ratios only when a ci_method column exists)
        awk -F, -v want="${*:2}" 'NR == 1 { n = split(want, w, " "); for (i = 1; i <= NF; i++) c[$i] = i; next }
            !("ci_method" in c) || $c["ci_method"] == "paired" {
                line = ""; for (k = 1; k <= n; k++) line = line (k > 1 ? " " : "") $c[w[k]]; print line }' <<<"$1"
    }
    pick "$output" bytes ratio ratio_ci_low ratio_ci_high >"$TMP/cmp"
    run "$OSSLBENCH" report --baseline a --format csv "$TMP/one.csv"
    [ "$status" -eq 0 ]
    pick "$output" bytes ratio ratio_low ratio_high >"$TMP/rep"
    # the same numbers (report writes 6 significant digits)
    run awk 'NR == FNR { r[$1] = $0; next }
        { split(r[$1], q, " "); n++
          for (i = 2; i <= 4; i++) if (!(q[i] > 0) || (q[i] - $i) / $i > 1e-5 || ($i - q[i]) / $i > 1e-5) bad = 1 }
        END { exit bad || n != 2 }' "$TMP/rep" "$TMP/cmp"
    [ "$status" -eq 0 ] || { cat "$TMP/cmp" "$TMP/rep"; false; }
}

@test "real: one libcrypto against itself is 'same' in >= 19 of 20 quick runs" {
    local t0=$SECONDS same=0 ratios=()
    for _ in $(seq 20); do
        rm -f "$TMP/self.csv" "$TMP/self.metadata.txt"
        "$OSSLBENCH" run --lib "a=$LIB30" --lib "b=$LIB30" --workloads sha256 --sizes 16 \
            --api evp --quick --time 0.3 --precision 0.0005 --csv "$TMP/self.csv" --quiet >/dev/null
        run "$OSSLBENCH" regress "$TMP/self.csv" --old-label a --new-label b --format csv
        [ "$status" -le 1 ]
        [ "$status" -eq 0 ] && same=$((same + 1))
        ratios+=("$(cut -d, -f12,15,19 <<<"${lines[1]}")")
    done
    printf 'ratio,p,verdict: %s\n' "${ratios[@]}"
    # The time is printed, not asserted: a wall-clock limit fails on a busy machine (126 s once).
    echo "same in $same of 20 runs, $((SECONDS - t0)) s"
    [ "$same" -ge 19 ]
}

@test "make regress: real 1.1.1w vs real 3.0.x (sha256/16/evp) is a regression; results files work too" {
    local lib111
    lib111=$(libcrypto_111 2>/dev/null) || lib111=$ROOT/builds/install/1.1.1w/lib/libcrypto.so.1.1
    [[ -f $lib111 ]] || skip "no real 1.1.1w libcrypto (builds/install/1.1.1w or Debian's libssl1.1)"
    run make -s -C "$ROOT" regress BASE="$lib111" NEW="$LIB30" TIME=0.5 REGRESS_OUT="$TMP"
    echo "$output"
    [ "$status" -ne 0 ]
    grep -Eq '^sha256 +evp +digest +16 .* slower' <<<"$output"
    # two result sets: compared as they are
    fixture "$TMP/o.csv" o 1e8 sha256:16:1
    run make -s -C "$ROOT" regress BASE="$TMP/o.csv" NEW="$TMP/o.csv"
    [ "$status" -eq 0 ]
    run bash "$ROOT/bisect/regress.sh"
    [ "$status" -eq 2 ]
    [[ $output == *"usage: make regress"* ]]
    BASE="$TMP/o.csv" NEW="$LIB30" run bash "$ROOT/bisect/regress.sh"
    [ "$status" -eq 2 ]
    [[ $output == *"give two result sets or two libraries"* ]]
    BASE=9.9.9 NEW=9.9.9 run bash "$ROOT/bisect/regress.sh"
    [ "$status" -eq 2 ]
    [[ $output == *"release '9.9.9' is not built"* ]]
}
