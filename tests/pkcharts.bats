#!/usr/bin/env bats
# Public-key charts and tables by family (docs/pubkey-charts.md): one op/s
# chart per family (the CSV's `family`) and API path, whose .dat holds
# that family's rows only; horizontal bars that grow with their rows; the
# speed-style table per family in speed's layout.  The CSV is written here
# (made-up rates: a fixture), with a label that looks like an option and
# a shell word.  Drawing needs gnuplot (gnuplot-nox).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

LABEL='--x.+_rm-rf'

# row LABEL WORKLOAD OP RATE KIND FAMILY: an ok op/s row on evp.
row() {
    echo "$1,3.5.7,0x30500070,evp,$2,$3,0,$4,op/s,$4,$4,8,ok,$5,$6"
}

# fixture DIR: two releases; rsa (2 sizes), 20 ECDSA curves, ECDH, a KEM
# and a signature scheme (keygen and the rest, as 3.5's speed times them).
fixture() {
    local d=$1 l c
    mkdir -p "$d"
    {
        echo 'label,version,version_num,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,kind,family'
        for l in base "$LABEL"; do
            row "$l" rsa2048 sign 1000 public-key rsa
            row "$l" rsa2048 verify 40000 public-key rsa
            row "$l" rsa4096 sign 150 public-key rsa
            row "$l" rsa4096 verify 10000 public-key rsa
            for c in $(seq 1 20); do
                row "$l" "ecdsa-c$c" sign $((1000 * c)) public-key ecdsa
                row "$l" "ecdsa-c$c" verify $((500 * c)) public-key ecdsa
            done
            row "$l" ecdh-p256 derive 12000 key-exchange ecdh
            row "$l" ml-kem-768 keygen 30000 key-exchange kem
            row "$l" ml-kem-768 encaps 28000 key-exchange kem
            row "$l" ml-kem-768 decaps 19000 key-exchange kem
            row "$l" ml-dsa-65 keygen 9000 public-key signature
            row "$l" ml-dsa-65 sign 600 public-key signature
            row "$l" ml-dsa-65 verify 2900 public-key signature
        done
    } >"$d/results.csv"
}

@test "pkcharts: one op/s chart and one speed-up chart per family and API path" {
    local d=$BATS_TEST_TMPDIR/run
    fixture "$d"
    run "$OSSLBENCH" report "$d/results.csv" --out "$d/out" --baseline base
    [ "$status" -eq 0 ]
    for fam in rsa ecdsa ecdh kem signature; do
        run grep -c $'^pubkey\tops-'"$fam"$'-evp\t' "$d/out/charts.list"
        [ "$output" = 1 ]
        run grep -c $'^speedup\tspeedup-'"$fam"$'-evp\t' "$d/out/charts.list"
        [ "$output" = 1 ]
    done
    run grep -c $'^pubkey\t' "$d/out/charts.list"
    [ "$output" = 5 ]
    run grep -c 'public-key\|key-exchange' "$d/out/charts.list"
    [ "$output" = 0 ]
}

@test "pkcharts: a family's .dat has its rows, in the run's order, and no other family's" {
    local d=$BATS_TEST_TMPDIR/run
    fixture "$d"
    run "$OSSLBENCH" report "$d/results.csv" --out "$d/out"
    [ "$status" -eq 0 ]
    run grep -c '^"' "$d/out/ops-rsa-evp.dat"
    [ "$output" = 4 ]
    run sed -n 2p "$d/out/ops-rsa-evp.dat"
    [ "$output" = '"rsa2048 sign" 1000 1000 1000 1000 1000 1000' ]
    run grep -c '^"ecdsa-c[0-9]* \(sign\|verify\)" ' "$d/out/ops-ecdsa-evp.dat"
    [ "$output" = 40 ]
    run grep -c 'rsa\|ml-' "$d/out/ops-ecdsa-evp.dat"
    [ "$output" = 0 ]
    run grep -c '^"ml-kem-768 \(keygen\|encaps\|decaps\)" ' "$d/out/ops-kem-evp.dat"
    [ "$output" = 3 ]
}

@test "pkcharts: the speed table per family in speed's layout" {
    local d=$BATS_TEST_TMPDIR/run t
    fixture "$d"
    run "$OSSLBENCH" report "$d/results.csv" --out "$d/out"
    [ "$status" -eq 0 ]
    t=$d/out/speed-base.txt
    grep -Eqx 'rsa +sign +verify +sign/s +verify/s' "$t"
    grep -Eqx 'rsa2048 +0\.001000s +0\.000025s +1000\.0 +40000\.0' "$t"
    grep -Eqx 'ecdsa +sign +verify +sign/s +verify/s' "$t"
    grep -Eqx 'ecdsa-c20 +0\.000050s +0\.000100s +20000\.0 +10000\.0' "$t"
    grep -Eqx 'ecdh +op +op/s' "$t"
    grep -Eqx 'ecdh-p256 +0\.000083s +12000\.0' "$t"
    grep -Eqx 'kem +keygen +encaps +decaps +keygen/s +encaps/s +decaps/s' "$t"
    grep -Eqx 'ml-kem-768 +0\.000033s +0\.000036s +0\.000053s +30000\.0 +28000\.0 +19000\.0' "$t"
    grep -Eqx 'signature +keygen +sign +verify +keygen/s +sign/s +verify/s' "$t"
    # the rows of a family stay under its own header
    run awk '/^ecdh /{h=1} h && /^rsa/{print "rsa after ecdh"}' "$t"
    [ "$output" = "" ]
    # the other release's table: its file name is its label made safe
    [ -s "$d/out/speed---x.__rm-rf.txt" ]
}

@test "pkcharts: drawn as horizontal bars that grow with their rows, label as text" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/run
    fixture "$d"
    run "$OSSLBENCH" report "$d/results.csv" --out "$d/out" --baseline base
    [ "$status" -eq 0 ]
    run "$OSSLBENCH" draw --list "$d/out"
    [ "$status" -eq 0 ]
    [ -s "$d/out/ops-ecdsa-evp.png" ]
    [ -s "$d/out/ops-ecdh-evp.svg" ]
    # 40 rows need more height than 1 row
    small=$(file "$d/out/ops-ecdh-evp.png" | sed -E 's/.* x ([0-9]+),.*/\1/')
    big=$(file "$d/out/ops-ecdsa-evp.png" | sed -E 's/.* x ([0-9]+),.*/\1/')
    [ "$big" -gt $((small * 2)) ]
    # the label reached the key as text
    run grep -c -- '--x\.+_rm-rf' "$d/out/ops-ecdsa-evp.svg"
    [ "$output" -ge 1 ]
}
