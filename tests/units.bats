#!/usr/bin/env bats
# `osslbench units`: the human form of a rate and its decimal prefix, as
# csv/units.c gives them to every report, for bisect/'s progress lines and
# chart axis (issue 44: units written once, in C).

load helpers

@test "units rate: a progress line's form, one line per call" {
    run "$ROOT/bin/osslbench" units rate 170100000
    [ "$status" -eq 0 ]
    [ "$output" = "170.1 MB/s" ]
    run "$ROOT/bin/osslbench" units rate 1234 op/s
    [ "$output" = "1.2 kop/s" ]
    run "$ROOT/bin/osslbench" units rate 1500.25 instr/op
    [ "$output" = "1500 instr/op" ]
    run "$ROOT/bin/osslbench" units rate 2.5e15 B/s
    [ "$output" = "2500.0 TB/s" ]
    run "$ROOT/bin/osslbench" units rate '' op/s
    [ "$status" -eq 0 ]
    [ "$output" = "-" ]
}

@test "units prefix: the scale and prefix bisect's chart divides by" {
    run "$ROOT/bin/osslbench" units prefix 1.5e8
    [ "$status" -eq 0 ]
    [ "$output" = "1000000 M" ]
    run "$ROOT/bin/osslbench" units prefix 999
    [ "$output" = "1 " ]
}

@test "units: a bad rate, unit or usage is one line and exit 2" {
    run "$ROOT/bin/osslbench" units rate 12abc
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench units: rate '12abc' is not a rate (a decimal number from 0 to 1e18)" ]
    run "$ROOT/bin/osslbench" units rate -5 # no CSV holds a negative rate
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench units: rate '-5' is not a rate (a decimal number from 0 to 1e18)" ]
    local r
    for r in 1.7e308 0x10 1e19 inf; do # past any measurement, hexadecimal (strtod's 16), no number
        run "$ROOT/bin/osslbench" units rate "$r"
        [ "$status" -eq 2 ] || { echo "$r: $output"; false; }
        [ "$output" = "osslbench units: rate '$r' is not a rate (a decimal number from 0 to 1e18)" ]
    done
    run "$ROOT/bin/osslbench" units rate 12 furlongs
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench units: unit 'furlongs' is none of B/s, op/s, instr/op" ]
    run "$ROOT/bin/osslbench" units prefix 1 2
    [ "$status" -eq 2 ]
    [[ ${lines[0]} == "usage: osslbench units rate RATE [UNIT]" ]]
}

@test "units are written once: bisect/ and plots/ scale and label no rate themselves" {
    run grep -nE '^(human_rate|si_prefix)\(\)' "$ROOT"/bisect/*.sh
    [ "$status" -eq 1 ]
    run grep -nE '^tic_k\(|sprintf\("%g[kM]"' "$ROOT"/plots/*.gp
    [ "$status" -eq 1 ]
    run grep -rn '10^6 bytes/s' "$ROOT"/analysis "$ROOT"/bench "$ROOT"/charts "$ROOT"/cli "$ROOT"/plots
    [ "$status" -eq 1 ]
}
