# shellcheck shell=bash
# builds/fork-recipes.sh — how each fork says its version, and how each build
# system builds its libcrypto (sourced by build-fork.sh after lib.sh; each
# recipe_fork_* function runs inside the source tree, in a child shell with
# `set -euo pipefail`, its output going to the build's log).
#
# libcrypto and libssl are built, as shared libraries, optimised (CMake's default
# build type is a debug build without optimisation: it would measure nothing
# a user runs), with the same fixed non-existent prefix as the OpenSSL
# releases, so no configuration file found on a system path can change what
# a benchmark measures.

# Bump when a recipe below changes what gets built: every fork is rebuilt.
# shellcheck disable=SC2034  # read by build-fork.sh, which sources this file
FORK_RECIPE_VERSION=2
FORK_PREFIX=/nonexistent/osslbench
# CMake and Ninja put their output here, inside the scratch source tree.
FORK_CMAKE_DIR=_osslbench_build

# fork_marker FORK: the header that says which fork a tree is, and its version.
fork_marker() {
    case $1 in
        libressl) echo include/openssl/opensslv.h ;;
        aws-lc | boringssl) echo include/openssl/base.h ;;
        *) return 1 ;;
    esac
}

# fork_version FORK REF < MARKER_TEXT: the version the tree carries; fails
# when the header is not that fork's.  BoringSSL has no version number: the
# tag it was built from is its name (REF, when it is a date tag or a word).
fork_version() {
    local text
    text=$(cat)
    case $1 in
        libressl)
            sed -n 's/^#define[[:space:]]*LIBRESSL_VERSION_TEXT[[:space:]]*"LibreSSL \([0-9][0-9a-z.]*\)".*/\1/p' <<<"$text" | head -n1 | grep . ;;
        aws-lc)
            sed -n 's/^#define[[:space:]]*AWSLC_VERSION_NUMBER_STRING[[:space:]]*"\([0-9][0-9a-z.]*\)".*/\1/p' <<<"$text" | head -n1 | grep . ;;
        boringssl)
            grep -q '^#define[[:space:]]*BORINGSSL_API_VERSION' <<<"$text" || return 1
            grep -q 'AWSLC' <<<"$text" && return 1
            [[ $2 =~ ^[0-9a-z][0-9a-z.]*$ ]] || return 1
            echo "$2" ;;
        *) return 1 ;;
    esac
}

fork_jobs() { echo "${OSSLBENCH_JOBS:-$(nproc)}"; }

# ---------------------------------------------------------------- autotools (LibreSSL)
# The release tree's configure may lack its run bit (a git snapshot of the
# release): run it through sh, as its own helper scripts are.
recipe_fork_configure_autotools() {
    local args=(--prefix="$FORK_PREFIX" --disable-static --disable-dependency-tracking)
    echo "=== configure line: sh ./configure ${args[*]}"
    sh ./configure "${args[@]}"
}
recipe_fork_build_autotools() { make -j"$(fork_jobs)" -C crypto && make -j"$(fork_jobs)" -C ssl; }
recipe_fork_install_autotools() {
    mkdir -p "$1/lib"
    cp -a crypto/.libs/libcrypto.so* ssl/.libs/libssl.so* "$1/lib/"
}

# ---------------------------------------------------------------- cmake (AWS-LC, BoringSSL)
# DISABLE_GO keeps AWS-LC on its generated-src/ even where Go is installed
# (BoringSSL ignores it and needs Go only for tests and FIPS, both off).
recipe_fork_configure_cmake() {
    local args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=1 -DBUILD_TESTING=OFF
        -DDISABLE_GO=ON -DCMAKE_INSTALL_PREFIX="$FORK_PREFIX")
    echo "=== configure line: cmake ${args[*]}"
    cmake -S . -B "$FORK_CMAKE_DIR" "${args[@]}"
}
recipe_fork_build_cmake() { ninja -C "$FORK_CMAKE_DIR" -j"$(fork_jobs)" crypto ssl; }
recipe_fork_install_cmake() {
    local libs
    mkdir -p "$1/lib"
    # AWS-LC puts it in crypto/, BoringSSL at the top of the build folder.
    libs=$(find "$FORK_CMAKE_DIR" -maxdepth 2 \( -name 'libcrypto.so*' -o -name 'libssl.so*' \) \( -type f -o -type l \))
    grep -q libcrypto <<<"$libs" || { echo "no libcrypto.so in $FORK_CMAKE_DIR"; return 1; }
    # shellcheck disable=SC2086  # file names without blanks, from find above
    cp -a $libs "$1/lib/"
}
