#!/usr/bin/env bash
# fleet/runner-key.sh — the content key of a runner build, so that a fleet
# host compiles the runner once per set of sources and compiler instead of
# once per `make fleet` (fleet/remote.sh keeps the build under this key).
#
#   fleet/runner-key.sh SRC    prints a SHA-256 (64 hex digits)
#
# The key covers every shipped file but prose (Markdown, docs/) and the
# per-run knob and version files, so it is a superset of what the runner is
# built from (sources, headers, .def tables, Makefile and fragments): a
# change anywhere else only costs a rebuild, never a stale runner.  It also
# covers the compiler (`$CC --version`, cc by default) and the build
# variables make reads from the environment.
set -euo pipefail
if (($# != 1)) || [[ ! -d $1 ]]; then echo "usage: $0 SRC" >&2; exit 2; fi
cd -- "$1"
{
    find . -type f ! -path './.git/*' ! -path './docs/*' ! -path './build/*' ! -path './bin/*' ! -name '*.md' \
        ! -name fleet-knobs.txt ! -name fleet-version.txt -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
    "${CC:-cc}" --version
    printf 'CC=%s\nCFLAGS=%s\nLDFLAGS=%s\nSAN=%s\n' "${CC:-}" "${CFLAGS:-}" "${LDFLAGS:-}" "${SAN:-}"
} | sha256sum | cut -c1-64
