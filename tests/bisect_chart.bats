#!/usr/bin/env bats
# bisect/chart.sh on its own: a steps table and a git history made here, no
# OpenSSL build (tests/bisect.bats draws the chart of a real bisect).

load helpers

@test "bisect chart: the labels of neighbouring commits do not print over each other" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/long i
    git init -q -b main "$d"
    for i in $(seq 0 100); do
        git -C "$d" -c user.email=t@t.invalid -c user.name=t commit -q --allow-empty -m "c$i"
    done
    c() { git -C "$d" rev-parse "main~$((100 - $1))"; }
    # c50 is one commit from the first faster one, c51: only c51 keeps a label
    printf 'commit\tsubject\tratio\trate\tref_rate\tverdict\tbuild_s\tmeasure_s\n' >"$d.tsv"
    printf '%s\ts\t1\t5000\t5000\tgood\t-\t1\n' "$(c 0)" >>"$d.tsv"
    printf '%s\ts\t1.2\t4000\t5000\tbad\t-\t1\n' "$(c 100)" >>"$d.tsv"
    for i in 76:4100:bad 50:4990:good 51:4200:bad; do
        printf '%s\ts\t-\t%s\t5000\t%s\t1\t1\n' "$(c "${i%%:*}")" "$(cut -d: -f2 <<<"$i")" "${i##*:}" >>"$d.tsv"
    done
    BISECT_UNIT=instr/op BISECT_DIRECTION=faster run bash "$ROOT/bisect/chart.sh" "$d.tsv" "$d" \
        "$(c 0)" "$(c 100)" "$BATS_TEST_TMPDIR/r" sha256/16/evp "$(c 51)"
    [ "$status" -eq 0 ]
    for i in 0 51 76 100; do
        grep -q ">$(c "$i" | cut -c1-7)<" "$BATS_TEST_TMPDIR/r.svg"
    done
    run grep -c ">$(c 50 | cut -c1-7)<" "$BATS_TEST_TMPDIR/r.svg"
    [ "$output" = 0 ]
    grep -q 'sha256/16/evp: instructions per tested commit' "$BATS_TEST_TMPDIR/r.svg"
    # GOOD's 5000: the axis in thousands, the prefix osslbench units gives
    grep -q '>instructions (kinstr/op)<' "$BATS_TEST_TMPDIR/r.svg"
    grep -q 'first faster' "$BATS_TEST_TMPDIR/r.svg"
}
