#!/usr/bin/env bats
# bin/osslbench run / list / info against real libraries: the system 3.0.x,
# a real 1.1.1w (Debian bullseye's libssl1.1), and whatever builds/ installed.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

# Rows a default quick run at 2 sizes must have, from the runner's own
# listing: per default workload, API paths x operations x (2 sizes | 1).
expected_rows() {
    "$OSSLBENCH" list --workloads --tsv | awk -F'\t' 'NR > 1 && $5 == "yes" {
        napi = split($6, a, ","); nop = split($4, o, ",")
        n += napi * nop * ($3 == "B/s" ? 2 : 1) } END { print n }'
}

# Runs every default workload and path in quick mode; asserts every
# self-check passed and that exactly the paths the release is too old for
# are unsupported, each saying so ($2: the expected note, "" for none).
check_full_quick_run() {
    local lib=$1 expect_note=$2
    run "$OSSLBENCH" run --lib "$lib" --quick --quiet --sizes 16,8192 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    local st note api
    st=$(csv_col "$TMP/r.csv" status) note=$(csv_col "$TMP/r.csv" note) api=$(csv_col "$TMP/r.csv" api)
    [ "$(tail -n +2 "$TMP/r.csv" | wc -l)" -eq "$(expected_rows)" ]
    run bash -c "cut -d, -f$st '$TMP/r.csv' | tail -n +2 | sort -u | tr '\n' ' '"
    [[ $output =~ ^(ok )?(unsupported )?$ ]] || { echo "statuses: $output"; return 1; }
    local unsupported
    unsupported=$(awk -F, -v s="$st" -v n="$note" -v a="$api" \
        'NR > 1 && $s == "unsupported" { print $a ": " $n }' "$TMP/r.csv" | sort -u)
    [ "$unsupported" = "$expect_note" ] || { echo "unsupported: $unsupported"; return 1; }
}

@test "system libcrypto 3.0: every workload and API path self-checks and runs" {
    check_full_quick_run "$SYSTEM_LIBCRYPTO" ""
}

@test "real 1.1.1w: every workload and path it has runs; fetch is reported unsupported" {
    lib=$(libcrypto_111) || skip "could not download Debian bullseye's libssl1.1"
    check_full_quick_run "$lib" "fetch: needs 3.0 or later"
    run "$OSSLBENCH" list --lib "$lib"
    [[ "$output" == *"sha256               fetch    no: needs 3.0 or later"* ]]
    run "$OSSLBENCH" info --lib "$lib"
    [[ "$output" == *"release       1.1.1w"* ]]
    [[ "$output" == *"version_num   0x1010117f"* ]]
}

@test "every release builds/ installed loads and runs its self-checks" {
    libs=$(installed_libcryptos)
    [ -n "$libs" ] || skip "builds/install is empty (run make builds)"
    args=()
    while read -r l; do args+=(--lib "$l"); done <<<"$libs"
    run "$OSSLBENCH" run "${args[@]}" --quick --quiet --sizes 64 --workloads sha256,aes-128-gcm,hmac-sha256,rsa2048 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    st=$(csv_col "$TMP/r.csv" status)
    run bash -c "cut -d, -f$st '$TMP/r.csv' | tail -n +2 | sort -u | tr '\n' ' '"
    [[ $output =~ ^(ok )?(unsupported )?$ ]] || { echo "statuses: $output"; false; }
}

@test "old releases (0.9.8 - 1.1.0) given in OSSLBENCH_OLD_LIBS run their self-checks" {
    [ -n "${OSSLBENCH_OLD_LIBS:-}" ] || skip "set OSSLBENCH_OLD_LIBS=path:path to libcrypto of 0.9.8-1.1.0 builds (not reachable in CI)"
    IFS=: read -ra libs <<<"$OSSLBENCH_OLD_LIBS"
    for i in "${!libs[@]}"; do # libraries are often all named libcrypto.so: one CSV each by index
        run "$OSSLBENCH" run --lib "${libs[$i]}" --quick --quiet --sizes 64 --csv "$TMP/$i.csv"
        [ "$status" -eq 0 ] || { echo "${libs[$i]}: $output"; return 1; }
    done
}

@test "info shows release, version number and text of the system library" {
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ]
    [[ "$output" == *"release       3.0."* ]]
    [[ "$output" == *"version_text  OpenSSL 3.0."* ]]
    [[ "$output" == *"CPUINFO: OPENSSL_ia32cap="* ]]
}

@test "interleaving: every round samples each library once, in an order that changes" {
    run "$OSSLBENCH" run --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" --lib c="$SYSTEM_LIBCRYPTO" \
        --quick --quiet --workloads sha256 --api evp --sizes 16 --trace "$TMP/trace" \
        --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    # rounds of three: a, b and c once each (a disturbed try taken again at
    # once is no sample); --quick is one visit of 6 rounds, however fast
    run awk '$1 == "sample" && !/, taken again$/ { r = r $4; if (length(r) == 3) { print r; r = "" } }' "$TMP/trace"
    [ "${#lines[@]}" -eq 6 ]
    for round in "${lines[@]}"; do
        [ "$(grep -o . <<<"$round" | sort | tr -d '\n')" = abc ] || { echo "round $round"; false; }
    done
    # not the same order every round: several libraries start rounds
    [ "$(printf '%s\n' "${lines[@]}" | cut -c1 | sort -u | wc -l)" -ge 2 ]
    # the order is seeded from the run id, which the CSV records
    id=$(awk -F, -v c="$(csv_col "$TMP/r.csv" run_id)" 'NR == 2 { print $c }' "$TMP/r.csv")
    [[ $id =~ ^[0-9]{8}T[0-9]{6}Z-[0-9a-f]{16}$ ]]
    grep -q "^# run $id: each round's order shuffled" "$TMP/trace"
}

@test "bad library paths: one line each, non-zero exit" {
    mkdir "$TMP/dir"; : >"$TMP/empty.so"; echo hello >"$TMP/text.so"
    head -c 40 "$SYSTEM_LIBCRYPTO" >"$TMP/trunc.so"
    for bad in /nonexistent/libcrypto.so "$TMP/dir" "$TMP/empty.so" "$TMP/text.so" "$TMP/trunc.so" \
        "$SYSTEM_LIBDIR"/libcrypt.so.1 "$SYSTEM_LIBDIR"/libssl.so.3; do
        run "$OSSLBENCH" info --lib "$bad"
        [ "$status" -ne 0 ]
        [ "${#lines[@]}" -eq 1 ] || { echo "$bad: $output"; return 1; }
        [[ "$output" == "osslbench info: --lib $bad: "* ]]
    done
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBDIR"/libssl.so.3
    [[ "$output" == *"this is libssl, not libcrypto"* ]]
    run "$OSSLBENCH" info --lib "$SYSTEM_LIBDIR"/libcrypt.so.1
    [[ "$output" == *"not an OpenSSL libcrypto"* ]]
}

@test "a bad library among good ones fails only its own rows" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --lib /nonexistent/libcrypto.so --quick --quiet \
        --workloads sha256 --sizes 16 --api evp --csv "$TMP/r.csv"
    [ "$status" -eq 1 ]
    [[ "$output" == *"--lib /nonexistent/libcrypto.so: No such file or directory"* ]]
    st=$(csv_col "$TMP/r.csv" status)
    [ "$(cut -d, -f"$st" "$TMP/r.csv" | tail -n +2 | sort | tr '\n' ' ')" = "load_failed ok " ]
}

@test "a lone library that does not load: its one line, exit 2, no progress, no CSV or trace left" {
    run "$OSSLBENCH" run --lib /etc/passwd --quick --csv "$TMP/r.csv" --trace "$TMP/t"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ] || { echo "$output"; false; }
    [ "$output" = "osslbench run: --lib /etc/passwd: is not a shared library (no ELF header)" ]
    [ -z "$(ls -A "$TMP")" ] # no r.csv, r.csv.partial or trace
    run "$OSSLBENCH" run --lib /etc/passwd --lib /nonexistent/libcrypto.so --quick --csv -
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 2 ] # one line each, no CSV header on stdout
}

@test "good and bad libraries: each bad one is one line and one load_failed row, however many points" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --lib /etc/passwd --lib bad=/nonexistent/libcrypto.so \
        --quick --workloads sha256,aes-128-cbc --api legacy,evp,fetch --sizes 16,64 --csv "$TMP/r.csv"
    [ "$status" -eq 1 ]
    [ "$(grep -c -- '--lib /etc/passwd: ' <<<"$output")" -eq 1 ]
    [ "$(grep -c -- '--lib /nonexistent/libcrypto.so: ' <<<"$output")" -eq 1 ]
    st=$(csv_col "$TMP/r.csv" status) lb=$(csv_col "$TMP/r.csv" label)
    run awk -F, -v s="$st" -v l="$lb" 'NR > 1 && $s == "load_failed" { print $l }' "$TMP/r.csv"
    [ "$output" = "$(printf 'lib2\nbad')" ]
    [ "$(grep -c ',ok,' "$TMP/r.csv")" -eq 12 ] # 2 workloads x 3 paths x 2 sizes, all measured
    # the whole-library rows are read back, and the report says why that column is empty
    run "$OSSLBENCH" report "$TMP/r.csv"
    [ "$status" -eq 0 ]
    [[ $output == *load_failed* ]]
}

@test "progress in a log (stderr not a terminal): a line every few percent of the planned visits with the ETA" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --workloads sha256,aes-128-cbc,hmac-sha256 \
        --api legacy,evp,fetch --sizes 16,32,64,128,256,512,1024,2048 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    # --quick plans one visit per point: visits done of 72 planned, the points within 1%
    run grep -E '^visit [0-9]+ of (at least )?72 +[0-9]+%  pass 1  [0-9]+/72 points within 1%  .*elapsed [0-9]+:[0-9]{2}  eta [0-9]+:[0-9]{2}( \(at most [0-9:]+\))?$' <<<"$output"
    [ "${#lines[@]}" -ge 2 ] || { echo "$output"; false; } # 72 visits
    [ "${#lines[@]}" -le 12 ] || { echo "$output"; false; }
    [[ ${lines[-1]} == "visit 72 of 72  100%  pass 1  "* ]]
}

@test "progress of a plan of several visits: the planned visits, the passes and the points within the target" {
    # two libraries, 4 points: every point at least 8 visits (MIN_BLOCKS), 32 planned at the start
    run "$OSSLBENCH" run --span 0 --lib "$SYSTEM_LIBCRYPTO" --lib "again=$SYSTEM_LIBCRYPTO" --workloads sha256 \
        --api legacy,evp --sizes 16,1024 --time 0.3 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    run grep -E '^visit [0-9]+ of ' <<<"$output"
    [[ ${lines[0]} =~ ^visit\ [0-9]+\ of\ at\ least\ 32\ +[0-9]+%\ \ pass\ 1\ \  ]]
    [[ ${lines[-1]} =~ ^visit\ ([0-9]+)\ of\ ([0-9]+)\ \ 100%\ \ pass\ [0-9]+\ \ [0-4]/4\ points\ within\ 1% ]]
    # the end: exactly the visits done (the plan grew as far as the rule asked)
    [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]
    [ "${BASH_REMATCH[1]}" -ge 4 ]
}

@test "progress on a terminal: one line redrawn in place" {
    command -v script >/dev/null || skip "no script(1) to give the runner a terminal"
    script -qec "$OSSLBENCH run --lib $SYSTEM_LIBCRYPTO --quick --workloads sha256 --api legacy,evp,fetch --sizes 16,64,256,1024" \
        /dev/null >"$TMP/tty" </dev/null
    # 12 points: 12 redraws of one line, ended by a single line break
    [ "$(grep -Eo $'\rvisit [0-9]+ of (at least )?12 ' "$TMP/tty" | wc -l)" -eq 12 ]
    [ "$(grep -Ec '^.*visit [0-9]+ of (at least )?12 .*eta' "$TMP/tty")" -eq 1 ]
}

@test "bad workload, API and size values: one line each, exit 2" {
    for args in "--workloads sha265" "--api evpp" "--sizes 0" "--sizes -5" "--sizes lots" "--sizes 1G" \
        "--time 0" "--precision 7" "--workloads rsa0"; do
        # shellcheck disable=SC2086
        run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" $args
        [ "$status" -eq 2 ] || { echo "$args: $output"; return 1; }
        [ "${#lines[@]}" -eq 1 ]
    done
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads sha265
    [[ "$output" == *"did you mean 'sha256'"* ]]
}

@test "an existing results file is never overwritten" {
    echo precious >"$TMP/r.csv"
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --workloads sha256 --sizes 16 --csv "$TMP/r.csv"
    [ "$status" -eq 2 ]
    [ "$(cat "$TMP/r.csv")" = precious ]
}

@test "a library built for another architecture or word size: one line, non-zero exit" {
    # e_machine of another architecture: AArch64 (183), or x86-64 (62) on an AArch64 host
    local other='\xb7' name=aarch64
    [[ $(uname -m) != aarch64 ]] || other='\x3e' name=x86-64
    cp "$SYSTEM_LIBCRYPTO" "$TMP/other.so"
    printf '%b\x00' "$other" | dd of="$TMP/other.so" bs=1 seek=18 conv=notrunc status=none
    run "$OSSLBENCH" info --lib "$TMP/other.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is built for another architecture ($name; this runner is "* ]]
    printf '\x02' | dd of="$TMP/other.so" bs=1 seek=5 conv=notrunc status=none # EI_DATA = big-endian
    run "$OSSLBENCH" info --lib "$TMP/other.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is a big-endian library; this runner is little-endian" ]]
    cp "$SYSTEM_LIBCRYPTO" "$TMP/32.so"
    printf '\x01' | dd of="$TMP/32.so" bs=1 seek=4 conv=notrunc status=none # EI_CLASS = 32-bit
    run "$OSSLBENCH" info --lib "$TMP/32.so"
    [ "$status" -eq 1 ]
    [[ "$output" == *"is a 32-bit library; this runner is 64-bit" ]]
}

@test "paths with spaces, quotes and shell metacharacters are just paths" {
    weird="$TMP/dir with space/it's \$(touch pwned); \`x\`"
    mkdir -p "$weird"
    cp "$SYSTEM_LIBCRYPTO" "$weird/libcrypto.so.3"
    cd "$TMP"
    run "$OSSLBENCH" run --lib "$weird/libcrypto.so.3" --quick --quiet --workloads sha256 --sizes 16 \
        --csv "$TMP/out; rm -rf x.csv"
    [ "$status" -eq 0 ]
    [ -f "$TMP/out; rm -rf x.csv" ]
    [ ! -e "$TMP/pwned" ]
}

@test "the speed tables a run prints are report's of its CSV, digit for digit" {
    printed=$("$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --lib "b=$SYSTEM_LIBCRYPTO" --quick --quiet \
        --workloads sha256,aes-128-gcm,rsa2048 --sizes 16,1024,16384 --csv "$TMP/r.csv" 2>"$TMP/err")
    [ -s "$TMP/r.csv" ] || { cat "$TMP/err"; false; }
    [[ $printed == *"1000s of bytes per second processed"* ]]
    run "$OSSLBENCH" report --format speed "$TMP/r.csv"
    [ "$status" -eq 0 ]
    # the run's begin with a blank line
    [ "$printed" = $'\n'"$output" ] || { diff <(echo "$printed") <(echo $'\n'"$output"); false; }
}

@test "a run writes metadata.txt beside its CSV: the run's context, one value a line" {
    mkdir "$TMP/d"
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --quiet --workloads sha256 --sizes 16,64 --api evp \
        --threads 1,2 --procs 2 --csv "$TMP/d/results.csv"
    [ "$status" -eq 0 ]
    m=$TMP/d/metadata.txt
    for key in host cpu_model cpu_flags cpus cpu_count arch kernel governor compiler command \
        osslbench_version run_id libraries workloads sizes apis clock started finished interrupted; do
        [ "$(grep -c "^$key: ." "$m")" -eq 1 ]
    done
    [ "$(grep -cvE '^[a-z_]+: ' "$m")" -eq 0 ]
    grep -qx 'threads: 1,2' "$m"
    grep -qx 'procs: 2' "$m"
    grep -qx 'sizes: 16,64' "$m"
    grep -qx 'interrupted: no' "$m"
    label=$(cut -d, -f1 "$TMP/d/results.csv" | sed -n 2p)
    grep -qxF "libraries: '$label=$SYSTEM_LIBCRYPTO'" "$m"
    grep -qx "kernel: $(uname -srvm)" "$m"
    # the one CPU name: the CSV's cpu column says what metadata.txt says
    cpu=$(cut -d, -f"$(csv_col "$TMP/d/results.csv" cpu)" "$TMP/d/results.csv" | sed -n 2p)
    grep -qxF "cpu_model: $cpu" "$m"
    # D/NAME.csv: D/NAME.metadata.txt, so two CSVs in one folder keep their own
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --quiet --workloads sha256 --sizes 16 --api evp \
        --csv "$TMP/d/sha.csv"
    [ "$status" -eq 0 ]
    grep -qx 'sizes: 16' "$TMP/d/sha.metadata.txt"
    [ "$(find "$TMP/d" -name '*.partial*' | wc -l)" -eq 0 ]
}

@test "metadata.txt's command line is the argv, quoted: it reads back word for word and nothing in it runs" {
    weird="$TMP/it's \$(touch pwned) \`x\`"
    mkdir -p "$weird"
    cp "$SYSTEM_LIBCRYPTO" "$weird/libcrypto.so.3"
    csv="$weird/new
line; \$(touch pwned2).csv"
    cd "$TMP"
    run "$OSSLBENCH" run --lib "$weird/libcrypto.so.3" --quick --quiet --workloads sha256 --sizes 16 --api evp \
        --csv "$csv"
    [ "$status" -eq 0 ]
    m="$weird/new
line; \$(touch pwned2).metadata.txt"
    [ "$(grep -c '^command: ' "$m")" -eq 1 ]
    [ "$(grep -cvE '^[a-z_]+: ' "$m")" -eq 0 ]
    cmd=$(sed -n 's/^command: //p' "$m")
    run bash -c "words() { printf '[%s]\n' \"\$@\"; }; words $cmd"
    [ "$status" -eq 0 ]
    [ "$output" = "$(printf '[%s]\n' "$OSSLBENCH" run --lib "$weird/libcrypto.so.3" --quick --quiet \
        --workloads sha256 --sizes 16 --api evp --csv "$csv")" ]
    [ ! -e "$TMP/pwned" ]
    [ ! -e "$TMP/pwned2" ]
}

# "workload api status note" of each row
rows_of() { csv_fields "$TMP/r.csv" workload api status note; }

@test "evp:NAME: sha3-512, sm4-cbc (cipher), aes-128-gcm (AEAD) measured on the system 3.x, every path ok" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads evp:sha3-512,evp:sm4-cbc,evp:aes-128-gcm \
        --sizes 16,1024 --quick --quiet --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    run rows_of
    [ "${#lines[@]}" -eq 12 ] # 3 names x evp, fetch x 2 sizes
    [ "$(grep -vc ' ok $' <<<"$output")" -eq 0 ]
    [[ $output == *"evp:sm4-cbc fetch ok"* ]]
    [[ $output == *"evp:aes-128-gcm evp ok"* ]]
}

@test "evp:NAME: a name the library lacks is unsupported, saying so" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads evp:nosuch --sizes 16 --quick --quiet \
        --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    run rows_of
    local why="unsupported evp:nosuch: the library has no cipher or digest named nosuch"
    [ "$output" = "evp:nosuch evp $why"$'\n'"evp:nosuch fetch $why" ]
}

@test "evp:NAME: a bad name shape is refused at option time in one line, no CSV written" {
    for bad in 'evp:' 'evp:a;b' 'evp:../x'; do
        run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads "$bad" --csv "$TMP/r.csv"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ $output == *"bad workload '$bad': evp:NAME: NAME is 1 to 27 letters, digits"* ]]
        [ ! -e "$TMP/r.csv" ]
    done
}

@test "list --workloads shows the evp:NAME form and that any name works" {
    run "$OSSLBENCH" list --workloads
    [ "$status" -eq 0 ]
    [[ $output == *"  evp:NAME "*"as openssl speed -evp NAME"* ]]
    [[ $output == *"any NAME the library has works: evp:sha3-512"* ]]
    run "$OSSLBENCH" list --workload evp:sm4-cbc
    [ "$status" -eq 0 ]
    [[ $output == "evp:sm4-cbc	symmetric	B/s	process	no	evp,fetch	"* ]]
}

@test "openssl speed's names: --workloads blowfish measures bf-cbc rows, as bf-cbc would" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads blowfish --api legacy --sizes 16 \
        --quick --quiet --csv "$TMP/bf.csv"
    [ "$status" -eq 0 ]
    run bash -c "cut -d, -f$(csv_col "$TMP/bf.csv" workload) '$TMP/bf.csv' | tail -n +2 | sort -u"
    [ "$output" = "bf-cbc" ]
    # one workload by several of its names: measured once (speed's list names rmd160 three ways)
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads blowfish,bf-cbc,bf --sizes 16 --api legacy --plan
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "points 1" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads blowfish,bf-cbc,bf-cbc --plan
    [ "$status" -eq 2 ]
    [[ $output == *"workload bf-cbc is given twice"* ]]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads blowfsh --plan
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"unknown workload 'blowfsh' (did you mean 'blowfish'?)"* ]]
}

@test "--workloads all plans every workload list --workloads prints; aes and des plan their families" {
    local want
    # every line of list --workloads (but evp:NAME, which takes any name): its API paths x
    # operations at one size
    want=$("$OSSLBENCH" list --workloads --tsv | awk -F'\t' 'NR > 1 && $1 !~ /:/ {
        n += split($6, a, ",") * split($4, o, ",") } END { print n }')
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads all --sizes 16 --plan
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "points $want" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --workloads aes,des --sizes 16 --api evp --plan
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "points 5" ]
}

@test "list: each workload's openssl speed names and releases, in two columns after the old ones" {
    run "$OSSLBENCH" list --workloads --tsv
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "workload	kind	unit	ops	default	apis	doc	speed_names	speed_releases	family" ]
    run awk -F'\t' '$1 == "bf-cbc" { print $8 "|" $9 }' <<<"$output"
    [ "$output" = "bf-cbc blowfish bf|0.9.8-4.0" ]
    run "$OSSLBENCH" list --workload blowfish
    [ "$status" -eq 0 ]
    [[ $output == "bf-cbc	"* ]]
    run "$OSSLBENCH" list --workload aes
    [ "$status" -eq 2 ]
    [[ $output == *"'aes' names 3 workloads"* ]]
    run "$OSSLBENCH" list --speed-names --tsv
    [ "$status" -eq 0 ]
    run awk -F'\t' '$1 == "aes-128-ige" { print $3 " " $10 }' <<<"$output"
    [ "$output" = "0.9.8-1.1.1 -" ]
}
