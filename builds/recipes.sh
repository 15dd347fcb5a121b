# shellcheck shell=bash
# builds/recipes.sh — how each OpenSSL generation is configured, built and
# installed (sourced by build-release.sh after lib.sh).  Only libcrypto is
# built: the harness loads nothing else, and it halves build times.
#
# Generations (manifest column 2):
#   0.9.8, 1.0  ./config shared -fcommon ; make build_crypto ; make SHLIBDIRS=crypto build-shared
#               (gcc 10+ defaults to -fno-common, which these trees need)
#   1.1         ./config shared ; make build_libs
#   3           ./config shared ; make build_generated ; make libcrypto.so   (3.x and 4.x;
#               half of build_libs, which compiles every file twice: static + shared)
# Knobs (environment): CC, OSSLBENCH_JOBS (default nproc), OSSLBENCH_CONFIG_OPTS
# (extra ./config words), APPS=1 (also apps/openssl), OSSLBENCH_MODULES=1 (3.x:
# also the provider modules, installed to lib/ossl-modules).

JOBS=${OSSLBENCH_JOBS:-$(nproc)}

# detect_generation SRCDIR: for git trees not in the manifest (bisect).
detect_generation() {
    local src=$1 v
    if [[ -f $src/VERSION.dat ]]; then echo 3; return; fi
    v=$(sed -nE 's/^#[[:space:]]*define[[:space:]]+OPENSSL_VERSION_TEXT[[:space:]]+"OpenSSL ([0-9.]+).*/\1/p' \
        "$src/include/openssl/opensslv.h" "$src/crypto/opensslv.h" 2>/dev/null | head -n1)
    case $v in
        0.9.*) echo 0.9.8 ;;
        1.0.*) echo 1.0 ;;
        1.1.*) echo 1.1 ;;
        3.*|4.*) echo 3 ;;
        *) return 1 ;;
    esac
}

# Every build gets the same fixed, non-existent prefix/OPENSSLDIR, whatever its
# name or install folder.  Why: (1) 1.1.x/3.x put -DOPENSSLDIR/-DMODULESDIR on
# every compile line, so a per-build prefix would defeat ccache between
# releases, test folders and bisect steps; (2) no openssl.cnf of any system
# path can change what a benchmark measures.  Modules, if built, are found
# through OPENSSL_MODULES=<install>/lib/ossl-modules.
BUILD_PREFIX=/nonexistent/osslbench

# recipe_configure GEN NOASM(0|1): run ./config in the current folder and log
# the configure line for build-info.txt.
recipe_configure() {
    local gen=$1 noasm=$2 args
    args=(shared "--prefix=$BUILD_PREFIX" "--openssldir=$BUILD_PREFIX/ssl")
    case $gen in
        0.9.8|1.0) args+=(-fcommon) ;;
        # x86_64 3.x defaults to lib64/; lib/ matches the install layout.
        *) args+=(--libdir=lib) ;;
    esac
    (( noasm )) && args+=(no-asm)
    # shellcheck disable=SC2206  # extra options are whitespace-separated words by design
    args+=(${OSSLBENCH_CONFIG_OPTS:-})
    CONFIGURE_LINE="./config ${args[*]}"
    echo "=== configure line: $CONFIGURE_LINE"
    # 0.9.8/1.0 ./config asks interactively on some systems; never wait for input.
    ./config "${args[@]}" </dev/null
}

recipe_build() {
    local gen=$1
    case $gen in
        0.9.8|1.0)
            # The old recursive makefiles are not known to be parallel-safe: try -j,
            # and if that fails let a serial make finish the job (make resumes).
            { make -j"$JOBS" build_crypto || make build_crypto; } \
                && make SHLIBDIRS=crypto build-shared ;;
        1.1) make -j"$JOBS" build_libs ;;
        3)   make -j"$JOBS" build_generated && make -j"$JOBS" libcrypto.so ;;
        *)   echo "unknown generation $gen"; return 1 ;;
    esac
}

recipe_build_extras() {
    local gen=$1
    if [[ ${APPS:-0} == 1 ]]; then
        case $gen in
            0.9.8|1.0) make build_apps ;;
            *)         make -j"$JOBS" apps/openssl ;;
        esac
    fi
    if [[ ${OSSLBENCH_MODULES:-0} == 1 && $gen == 3 ]]; then
        make -j"$JOBS" build_modules
    fi
}

# recipe_install STAGE: copy the products of the current tree into STAGE.
recipe_install() {
    local stage=$1 f
    mkdir -p "$stage/lib"
    # The real file plus its symlinks (libcrypto.so -> libcrypto.so.3 ...).
    cp -a libcrypto.so* "$stage/lib/"
    if [[ -d providers ]] && compgen -G 'providers/*.so' >/dev/null && [[ ${OSSLBENCH_MODULES:-0} == 1 ]]; then
        mkdir -p "$stage/lib/ossl-modules"
        for f in providers/*.so; do cp -a "$f" "$stage/lib/ossl-modules/"; done
    fi
    if [[ ${APPS:-0} == 1 && -x apps/openssl ]]; then
        # Build trees have no RUNPATH: a bare apps/openssl binds to the system
        # libcrypto.  bin/openssl is a wrapper that pins it to this lib/.
        mkdir -p "$stage/libexec" "$stage/bin"
        cp apps/openssl "$stage/libexec/openssl"
        cat >"$stage/bin/openssl" <<'EOF'
#!/bin/sh
# Runs this build's apps/openssl against this build's libcrypto (not the system's).
here=$(cd "$(dirname "$0")/.." && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OPENSSL_MODULES="$here/lib/ossl-modules" exec "$here/libexec/openssl" "$@"
EOF
        chmod +x "$stage/bin/openssl"
    fi
}
