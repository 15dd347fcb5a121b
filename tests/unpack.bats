#!/usr/bin/env bats
# fleet/unpack.sh: a fleet host's results tarball is hostile input.  Every
# kind of member a run folder never holds is refused in one line, before
# anything is written; a plain run folder unpacks.  No ssh, no fleet.

load helpers

setup() {
    U=$ROOT/fleet/unpack.sh
    W=$BATS_TEST_TMPDIR/w
    mkdir -p "$W/src/run/plots"
    echo 'label,rate' >"$W/src/run/results.csv"
    echo '<svg/>' >"$W/src/run/plots/x.svg"
    cd "$W" || return 1
}

# a folder a test made outside bats' own (the mode-000 test), removed
# whatever modes its members were left with
teardown() {
    [[ -z ${D:-} ]] || { chmod -R u+rwX -- "$D" 2>/dev/null; rm -rf -- "$D"; }
}

# refused TARBALL WHY: unpack.sh refuses it with one line containing WHY,
# exit 1, and leaves no destination folder.
refused() {
    run "$U" "$1" "$W/out" "${3:-}"
    [ "$status" -eq 1 ] || { echo "status $status: $output"; false; }
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == "unpack: "*"$2"* ]] || { echo "$output"; false; }
    [ ! -e "$W/out" ]
}

@test "unpack: a plain run folder unpacks, owned by us, without the archive's modes" {
    chmod 4755 src/run/results.csv
    tar -czf ok.tgz --owner=1234 --group=1234 -C src run
    run "$U" ok.tgz out
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ -s out/run/results.csv ]
    [ -s out/run/plots/x.svg ]
    [ "$(stat -c %u out/run/results.csv)" = "$(id -u)" ]
    [ "$(( $(stat -c '0%a' out/run/results.csv) & 04000 ))" -eq 0 ]
    # an existing destination is never written into
    run "$U" ok.tgz out
    [ "$status" -eq 1 ]
    [[ $output == *"out exists already"* ]]
}

@test "unpack: symbolic links, hard links, devices and FIFOs are refused" {
    ln -s /etc/passwd src/run/plots/passwd
    tar -czf link.tgz -C src run
    refused link.tgz 'member "run/plots/passwd": a symbolic link'
    rm src/run/plots/passwd
    ln src/run/results.csv src/run/copy.csv
    tar -czf hard.tgz -C src run
    refused hard.tgz ': a hard link'
    rm src/run/copy.csv
    mkfifo src/run/fifo
    tar -czf fifo.tgz -C src run
    refused fifo.tgz 'member "run/fifo": a FIFO'
    rm src/run/fifo
    if mknod src/run/null c 1 3 2>/dev/null; then
        tar -czf dev.tgz -C src run
        refused dev.tgz 'member "run/null": a device file'
    fi
}

@test "unpack: absolute names, '..' and odd characters in names are refused" {
    tar -czf abs.tgz -P "$W/src/run/results.csv" 2>/dev/null
    refused abs.tgz ': an absolute name'
    tar -czf dots.tgz -C src --transform 's,^run/results.csv$,run/../../escaped.csv,' run/results.csv
    refused dots.tgz "member \"run/../../escaped.csv\": a '..' in its name"
    [ ! -e "$BATS_TEST_TMPDIR/escaped.csv" ]
    printf 'x' >"src/run/new
line"
    tar -czf nl.tgz -C src run
    refused nl.tgz 'a name with characters a run folder never has'
}

@test "unpack: over the size cap (packed or unpacked), empty, or not gzip: refused" {
    head -c 300000 /dev/zero >src/run/zeros
    tar -czf big.tgz -C src run
    [ "$(stat -c %s big.tgz)" -lt 100000 ]
    refused big.tgz 'unpacks to more than 100000 bytes' 100000
    refused big.tgz 'over the cap of 100' 100
    echo 'not gzip' >junk.tgz
    refused junk.tgz 'not a complete gzip file'
    head -c 200 big.tgz >cut.tgz
    refused cut.tgz 'not a complete gzip file'
    tar -czf none.tgz -T /dev/null
    refused none.tgz 'the tarball is empty'
}

@test "unpack: a folder of mode 000 unpacks readable, and the collect step's rm -rf works as a non-root user" {
    [ "$(id -u)" -ne 0 ] || command -v setpriv >/dev/null || skip "needs a non-root user or setpriv"
    mkdir -p src/run/locked && echo x >src/run/locked/f
    tar -czf locked.tgz --mode='a-rwx' -C src run
    # a folder every user can reach (the bats folders may not be, nor the
    # checkout: a clone under a mode-700 folder); unpack.sh is self-contained
    D=$(mktemp -d /tmp/unpack-000.XXXXXX)
    chmod 777 "$D" && cp locked.tgz "$U" "$D/" && chmod 644 "$D/locked.tgz" && chmod 755 "$D/unpack.sh"
    as_user() { if [ "$(id -u)" -ne 0 ]; then "$@"; else setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; fi; }
    run as_user "$D/unpack.sh" "$D/locked.tgz" "$D/in"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    as_user test -r "$D/in/run/locked/f"
    run as_user rm -rf -- "$D/in"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    [ ! -e "$D/in" ]
}
