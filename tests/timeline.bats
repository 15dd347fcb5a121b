#!/usr/bin/env bats
# The release history (docs/timeline.md): `make plots` over a run of three
# releases or more draws timeline-<workload>-<size> charts and writes
# timeline-releases.md.  The CSVs are written here (made-up rates: a
# fixture), not measured.  Needs: gnuplot (gnuplot-nox).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    unset RESULTS BASELINE
}

# One CSV field, quoted (RFC 4180).
q() { local s=${1//\"/\"\"}; printf '"%s"' "$s"; }

# row LABEL NUM FLAVOR VERSION_TEXT API BYTES RATE: 8 samples in two visits of
# run R, as this runner writes them, all RATE (two releases at one rate are the
# same; at half of it, -50%).
row() {
    local s="$7 $7 $7 $7 $7 $7 $7 $7"
    echo "$(q "$1"),$(q "$1"),$2,$3,$5,sha256,digest,$6,$7,B/s,$7,$7,8,ok,R,$(q "$4"),vp90,4 4,$s"
}

# history DIR [LABEL_OF_3.1.8 [VERSION_TEXT_OF_3.1.8]]: 3.1.8, 1.1.1w,
# boringssl, 3.0.20 (out of release order on purpose), sha256 at 16 and
# 8192 bytes on evp (and fetch from 3.0); 3.1.8 is half as fast as 3.0.20
# at 16 B on evp, everything else the same.
history() {
    local d=$1 l=${2:-3.1.8} t=${3:-OpenSSL 3.1.8 11 Feb 2025} api b
    mkdir -p "$d"
    {
        echo 'label,version,version_num,flavor,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,run_id,version_text,rate_stat,sample_blocks,sample_rates'
        for api in evp fetch; do
            for b in 16 8192; do
                if [[ $api == evp && $b == 16 ]]; then row "$l" 0x30100080 openssl "$t" $api $b 5e7
                else row "$l" 0x30100080 openssl "$t" $api $b 1e8; fi
                [[ $api == fetch ]] || row 1.1.1w 0x1010117f openssl 'OpenSSL 1.1.1w  11 Sep 2023' $api $b 1e8
                [[ $api == fetch ]] || row boringssl 0x1010107f boringssl BoringSSL $api $b 1e8
                row 3.0.20 0x30000140 openssl 'OpenSSL 3.0.20 1 Sep 2025' $api $b 1e8
            done
        done
    } >"$d/results.csv"
}

@test "timeline: make plots over 4 libraries draws a dated timeline chart per size" {
    local d=$BATS_TEST_TMPDIR/run
    history "$d"
    run make -s -C "$ROOT" plots RESULTS="$d"
    [ "$status" -eq 0 ]
    run file -b "$d/plots/timeline-sha256-16.png" "$d/plots/timeline-sha256-8192.png"
    [ "${lines[0]%%,*}" = "PNG image data" ]
    [ "${lines[1]%%,*}" = "PNG image data" ]
    run cat "$d/plots/timeline-sha256-16.dat"
    [ "${lines[0]}" = 'x release date "evp" low high "fetch" low high' ]
    [ "${lines[1]}" = '0 "1.1.1w" "2023-09-11" 100 100 100 ? ? ?' ]
    [ "${lines[2]}" = '1 "3.0.20" "2025-09-01" 100 100 100 100 100 100' ]
    [ "${lines[3]}" = '2 "3.1.8" "2025-02-11" 50 50 50 100 100 100' ]
    [ "${lines[4]}" = '4 "boringssl (fork)" "-" 100 100 100 ? ? ?' ]
}

@test "timeline: timeline-releases.md names each step's significant change, in release order" {
    local d=$BATS_TEST_TMPDIR/run
    history "$d"
    run make -s -C "$ROOT" plots RESULTS="$d"
    [ "$status" -eq 0 ]
    run grep '^## ' "$d/plots/timeline-releases.md"
    [ "${#lines[@]}" -eq 3 ]
    [ "${lines[0]}" = "## 3.0.20 (2025-09-01) vs 1.1.1w (2023-09-11)" ]
    [ "${lines[1]}" = "## 3.1.8 (2025-02-11) vs 3.0.20 (2025-09-01)" ]
    [ "${lines[2]}" = "## boringssl (fork) vs 3.1.8 (2025-02-11)" ]
    run grep -c '^0 of 4 points changed' "$d/plots/timeline-releases.md"
    [ "$output" -eq 1 ]
    run grep -c '^| 3.1.8 vs 3.0.20 | sha256 16 B evp | \*\*−50%\*\* | −50% to −50% | ' "$d/plots/timeline-releases.md"
    [ "$output" -eq 1 ]
    run grep -c '^| 3.0.20 vs 1.1.1w ' "$d/plots/timeline-releases.md"
    [ "$output" -eq 0 ]
    run grep -c '^| boringssl vs 3.1.8 | sha256 16 B evp | +100% ' "$d/plots/timeline-releases.md"
    [ "$output" -eq 1 ]
}

@test "timeline: a hostile label is refused in one line, and nothing is left in plots/" {
    local d l
    for l in 'a|b<script>' '=HYPERLINK("x")'; do
        d=$BATS_TEST_TMPDIR/h$RANDOM
        history "$d" "$l"
        run make -s -C "$ROOT" plots RESULTS="$d"
        [ "$status" -ne 0 ]
        [[ $output == *"bad label"* ]]
        [ ! -e "$d/plots" ]
    done
}

@test "timeline: hostile text in version_text gives its date and reaches no output" {
    local d=$BATS_TEST_TMPDIR/run
    history "$d" 3.1.8 'a|b<script>alert(1)</script> =cmd|x 11 Feb 2025'
    run make -s -C "$ROOT" plots RESULTS="$d"
    [ "$status" -eq 0 ]
    run grep -c '^## 3.1.8 (2025-02-11) vs 3.0.20' "$d/plots/timeline-releases.md"
    [ "$output" -eq 1 ]
    run grep -rlE '<script|=cmd' "$d/plots"
    [ "$output" = "" ]
}

@test "timeline: two releases get no timeline" {
    local d=$BATS_TEST_TMPDIR/run
    history "$d"
    grep -v -e '^"boringssl"' -e '^"1.1.1w"' "$d/results.csv" >"$d/two.csv"
    mv "$d/two.csv" "$d/results.csv"
    run make -s -C "$ROOT" plots RESULTS="$d"
    [ "$status" -eq 0 ]
    run ls "$d/plots"
    [[ $output != *timeline* ]]
}
