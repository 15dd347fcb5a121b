#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# builds/clean.sh — remove what builds/ produced.
#
#   builds/clean.sh         install/, work/, logs/ (under $OSSLBENCH_BUILDS_DIR or builds/)
#   builds/clean.sh --all   also builds/tarballs/ (the download cache) and builds/.apt/
# A user's own $OSSLBENCH_TARBALLS folder is never removed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rm -rf -- "$INSTALL_ROOT" "$WORK_ROOT" "$LOG_ROOT"
say "removed install/, work/ and logs/ under $BUILDS_DIR"
if [[ ${1:-} == --all ]]; then
    rm -rf -- "$BUILDS_SRC/tarballs" "$APT_DIR"
    say "removed the tarball cache and the private apt state"
fi
