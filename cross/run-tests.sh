#!/usr/bin/env bash
# cross/run-tests.sh — run cross-compiled unit tests and the runner under
# qemu-user (called by `make cross-test`, see cross/cross.mk).
#
#   CROSS_QEMU=qemu-aarch64 CROSS_PREFIX=/usr/aarch64-linux-gnu CROSS_DIR=build/cross-aarch64 \
#   CROSS_LIBCRYPTO=<ARCH libcrypto> HOST_LIBCRYPTO=<this machine's> cross/run-tests.sh TEST...
#
# The unit tests run through tests/run-all.sh (closing line "tests: N passed,
# N failed, N skipped"); the workload tests get both libraries: the host's is
# for another architecture and must skip, ARCH's must pass.  Then the
# cross-built runner measures one point with ARCH's libcrypto and refuses the
# host's with the right reason.
set -uo pipefail
: "${CROSS_QEMU:?}" "${CROSS_PREFIX:?}" "${CROSS_DIR:?}" "${CROSS_LIBCRYPTO:?}" "${HOST_LIBCRYPTO:?}"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
say() { printf 'cross: %s\n' "$*" >&2; }

[[ -d $CROSS_PREFIX ]] || { say "no cross libc at $CROSS_PREFIX (apt-get install libc6-dev-*-cross)"; exit 1; }
export QEMU_LD_PREFIX=$CROSS_PREFIX # the foreign ld.so and libc
export OSSLBENCH_TEST_LIBS=$HOST_LIBCRYPTO:$CROSS_LIBCRYPTO

# run-all.sh executes each test file: a small wrapper per test starts qemu.
wrappers=()
mkdir -p "$CROSS_DIR/qemu"
for t in "$@"; do
    w=$CROSS_DIR/qemu/$(basename -- "$t")
    printf '#!/bin/sh\nexec %q %q "$@"\n' "$CROSS_QEMU" "$(realpath -- "$t")" >"$w"
    chmod +x "$w"
    wrappers+=("$w")
done
say "unit tests under $CROSS_QEMU (libraries: $OSSLBENCH_TEST_LIBS)"
"$here/../tests/run-all.sh" "${wrappers[@]}"
rc=$?

bin=$CROSS_DIR/bin/osslbench
out=$("$CROSS_QEMU" "$bin" run --lib "$CROSS_LIBCRYPTO" --quick --quiet --workloads sha256 \
    --sizes 16 --api evp --csv - 2>&1)
if [[ $out == *",sha256,digest,16,"*",ok,"* ]]; then
    say "runner under $CROSS_QEMU: sha256 16 B through evp with $(basename "$CROSS_LIBCRYPTO") of this architecture: ok"
else
    say "runner under $CROSS_QEMU failed to measure sha256: $out"
    rc=1
fi
out=$("$CROSS_QEMU" "$bin" info --lib "$HOST_LIBCRYPTO" 2>&1)
if [[ $out == *"is built for another architecture"* ]]; then
    say "runner under $CROSS_QEMU refuses the host's library: ${out##*: }"
else
    say "runner under $CROSS_QEMU did not refuse the host's library: $out"
    rc=1
fi
exit "$rc"
