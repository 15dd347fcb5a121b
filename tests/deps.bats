#!/usr/bin/env bats
# shellcheck disable=SC2016 # the $1, $5, $@ in single quotes belong to the stand-in scripts
# The Debian packages a make target needs (tools/packages.tsv, checked by
# tools/deps.sh) are found missing before any work: a PATH without gnuplot
# stops `make compare` in seconds, before anything is measured.  As root with
# apt-get, only the missing packages are installed.

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

# A PATH like the system's, without the named commands and without apt-get,
# apt and dpkg (nothing can be installed from it); prints the folder.  A name
# in several folders is the first one's, as on PATH.  One ln for all of them:
# a process per command took 20 s a call on a busy machine.
path_without() {
    local f b
    local -A seen=()
    local targets=()
    mkdir -p "$TMP/bin"
    for f in /usr/local/bin/* /usr/bin/* /usr/sbin/*; do
        [[ -e $f ]] || continue
        b=${f##*/}
        case " $* apt apt-get apt-cache dpkg " in *" $b "*) continue ;; esac
        [[ -z ${seen[$b]:-} ]] || continue
        seen[$b]=1
        targets+=("$f")
    done
    ln -s -t "$TMP/bin" -- "${targets[@]}"
    echo "$TMP/bin"
}

@test "make compare without gnuplot: one line naming the package and the command, in seconds, nothing measured" {
    bin=$(path_without gnuplot)
    want="deps: error: missing Debian packages: gnuplot-nox (charts: no gnuplot); install them with: "
    t0=$SECONDS
    run env PATH="$bin" make -s -C "$ROOT" compare QUICK=1 WORKLOADS=sha256 SIZES=16 RESULTS_ROOT="$TMP/results"
    [ "$status" -ne 0 ]
    [ $((SECONDS - t0)) -lt 30 ]
    own=$(grep -v '^make\(\[[0-9]*\]\)\?: ' <<<"$output")
    [ "$(grep -c . <<<"$own")" -eq 1 ] || { echo "$output"; false; }
    [[ $own == "$want"*"apt-get install --no-install-recommends gnuplot-nox" ]]
    [ ! -e "$TMP/results" ]           # no run folder
    [ "$(grep -Ec '^visit [0-9]+ of ' <<<"$output")" -eq 0 ] # no progress line: no point measured
    # the recipe's own check (osslbench bench --from-make): the same line, before any library is looked at
    run env PATH="$bin" COMPARE_NO_BUILD=1 COMPARE_QUICK=1 COMPARE_WORKLOADS=sha256 COMPARE_SIZES=16 COMPARE_RESULTS_ROOT="$TMP/results" \
        "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT"
    [ "$status" -eq 1 ]
    [ "$(grep -c . <<<"$output")" -eq 1 ] || { echo "$output"; false; }
    [[ $output == "$want"*"apt-get install --no-install-recommends gnuplot-nox" ]]
    [ ! -e "$TMP/results" ]
}

@test "make regress METRIC=instructions without valgrind: one line naming it, nothing measured; METRIC=time needs none" {
    bin=$(path_without valgrind)
    run env PATH="$bin" make -s -C "$ROOT" regress METRIC=instructions BASE=a.csv NEW=b.csv
    echo "$output"
    [ "$status" -ne 0 ]
    own=$(grep -v '^make\(\[[0-9]*\]\)\?: ' <<<"$output")
    [ "$(grep -c . <<<"$own")" -eq 1 ]
    [[ $own == "deps: error: missing Debian packages: valgrind (instructions: no valgrind); install them with: "*"apt-get install --no-install-recommends valgrind" ]]
    # without the metric, regress does not ask for valgrind (a.csv is what fails)
    run env PATH="$bin" make -s -C "$ROOT" regress BASE=a.csv NEW=b.csv
    [ "$status" -ne 0 ]
    [[ $output != *"valgrind"* ]]
}

@test "make test without bats: stops before compiling or running a test" {
    bin=$(path_without bats)
    run env PATH="$bin" make --no-print-directory -C "$ROOT" test
    [ "$status" -ne 0 ]
    [[ ${lines[0]} == "deps: error: missing Debian packages: bats (tests: no bats); install them with: "* ]]
    [ "$(grep -c -e 'tests/unit' -e '^ok ' -e '^tests:' <<<"$output")" -eq 0 ]
}

@test "as root with apt-get: installs only what is missing, fetching package lists only when apt-get needs them" {
    ((EUID == 0)) || skip "installing needs root"
    bin=$(path_without gnuplot)
    # a stand-in apt-get: no package lists until `update`; `install` then
    # provides a gnuplot command
    cat >"$bin/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$TMP/apt.log"
case \$1 in
update) touch "$TMP/lists" ;;
install) [ -e "$TMP/lists" ] || { echo "E: Unable to locate package gnuplot-nox"; exit 100; }
         printf '#!/bin/sh\n' >"$bin/gnuplot"; chmod +x "$bin/gnuplot" ;;
esac
EOF
    chmod +x "$bin/apt-get"
    run env PATH="$bin" "$ROOT/tools/deps.sh" build charts
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ "$output" = "deps: installing gnuplot-nox (charts) with apt-get" ]
    run cat "$TMP/apt.log"
    [ "${lines[0]}" = "apt-get install -y -q --no-install-recommends gnuplot-nox" ]
    [ "${lines[1]}" = "apt-get update -q" ]
    [ "${lines[2]}" = "apt-get install -y -q --no-install-recommends gnuplot-nox" ]
    [ "${#lines[@]}" -eq 3 ]
    # all there now: silent, and apt-get is not called again
    run env PATH="$bin" "$ROOT/tools/deps.sh" build charts
    [ "$status" -eq 0 ]
    [ -z "$output" ]
    [ "$(wc -l <"$TMP/apt.log")" -eq 3 ]
}

@test "a package that apt-get cannot install: one line with apt-get's reason, non-zero exit" {
    ((EUID == 0)) || skip "installing needs root"
    bin=$(path_without gnuplot)
    # package lists can be fetched, but the package is not in them
    printf '#!/bin/sh\n[ "$1" = update ] && exit 0\necho "E: Unable to locate package $5"; exit 100\n' \
        >"$bin/apt-get"
    chmod +x "$bin/apt-get"
    run env PATH="$bin" "$ROOT/tools/deps.sh" charts
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 2 ]
    [ "${lines[1]}" = "deps: error: apt-get could not install gnuplot-nox: E: Unable to locate package gnuplot-nox" ]
}

@test "one list: README's set-up names exactly the packages tools/deps.sh installs for each command" {
    for cmd in "compare:build charts releases" "test:build tests charts releases fleet"; do
        # shellcheck disable=SC2086 # purposes are words
        want=$("$ROOT/tools/deps.sh" --list ${cmd#*:} | tr ' ' '\n' | sort | paste -sd ' ')
        got=$(grep "^\`make ${cmd%%:*}\` installs" "$ROOT/README.md" | grep -o '`[a-z0-9.+-]*`' \
            | tr -d '`' | grep -v '^make$' | sort | paste -sd ' ')
        [ "$got" = "$want" ] || { echo "make ${cmd%%:*}: README says '$got', the list '$want'"; false; }
    done
    run grep -c 'apt-get install' "$ROOT/.ci/run"
    [ "$output" -eq 0 ] # CI installs from the list too (tools/deps.sh)
}

@test "an unknown purpose: one line, non-zero exit" {
    run "$ROOT/tools/deps.sh" chart
    [ "$status" -eq 1 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"unknown purpose 'chart' (one of: build charts cross fleet forks instructions releases sanitizers tests)" ]]
}
