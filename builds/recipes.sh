# shellcheck shell=bash
# builds/recipes.sh — how each OpenSSL generation is configured, built and
# shellcheck shell=bash
# installed (sourced by build-release.sh after lib.sh).  libcrypto and
# libssl are built (the TLS workloads load libssl beside libcrypto), never
# the apps or tests unless asked: that halves build times.
#
# Generations (manifest column 2):
#   0.9.8, 1.0  ./config shared -fcommon ; make build_crypto build_ssl ;
#               make SHLIBDIRS="crypto ssl" build-shared
#               (gcc 10+ defaults to -fno-common, which these trees need)
#   1.1         ./config shared ; make build_libs
#   3           ./config shared ; make build_generated ; make libcrypto.so libssl.so   (3.x
#               and 4.x; half of build_libs, which compiles every file twice: static + shared)
# Knobs (environment): CC, OSSLBENCH_JOBS (default nproc), OSSLBENCH_CONFIG_OPTS
# (extra ./config words), APPS=1 (also apps/openssl, which becomes bin/openssl
# with an rpath to this lib/), OSSLBENCH_MODULES=0 (3.x: not the provider
# modules, which by default are built and installed to lib/ossl-modules, where
# the runner's --provider legacy finds them).

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
                && { make -j"$JOBS" build_ssl || make build_ssl; } \
                && make SHLIBDIRS="crypto ssl" build-shared ;;
        1.1) make -j"$JOBS" build_libs ;;
        3)   make -j"$JOBS" build_generated && make -j"$JOBS" libcrypto.so libssl.so ;;
        *)   echo "unknown generation $gen"; return 1 ;;
    esac
}

# APPS=1: bin/openssl must run on this build's own libcrypto AND libssl, never
# a system one.  It finds them through an rpath of $ORIGIN/../lib stored as
# DT_RPATH (--disable-new-dtags; Debian's ld writes RUNPATH by default):
# DT_RPATH is searched before LD_LIBRARY_PATH and also serves libssl's own
# lookup of libcrypto, so nothing outside the install folder can be bound,
# whatever the caller's environment.  A real ELF (not a wrapper script) also
# lets ldd, taskset, perf and gdb act on the program itself.
# Written for make, which turns \$$ into \$ for the shell, which keeps $ORIGIN.
# shellcheck disable=SC2016  # $ORIGIN is for the dynamic linker, not for this shell
APP_RPATH_LDFLAGS='-Wl,-rpath,\$$ORIGIN/../lib -Wl,--disable-new-dtags'

recipe_build_extras() {
    local gen=$1
    if [[ ${APPS:-0} == 1 ]]; then
        case $gen in
            0.9.8|1.0)
                # Their app link rule hard-codes -rpath $(LIBRPATH), the install
                # prefix (here /nonexistent): point it at $ORIGIN/../lib instead,
                # in this scratch tree only.  build_apps also builds libssl.
                # (sed: a backslash of the replacement must itself be escaped)
                # shellcheck disable=SC2016  # make text, not shell expansions
                sed -i 's|^DO_GNU_APP=LDFLAGS="$(CFLAGS) -Wl,-rpath,$(LIBRPATH)"$|DO_GNU_APP=LDFLAGS="$(CFLAGS) '"${APP_RPATH_LDFLAGS//\\/\\\\}"'"|' \
                    Makefile.shared
                grep -qF "DO_GNU_APP=LDFLAGS=\"\$(CFLAGS) $APP_RPATH_LDFLAGS\"" Makefile.shared \
                    || { echo "Makefile.shared: app link rule not found"; return 1; }
                make build_apps ;;
            *)
                # libssl first, so that only the program gets the rpath.
                make -j"$JOBS" libssl.so && make -j"$JOBS" apps/openssl "LDFLAGS=$APP_RPATH_LDFLAGS" ;;
        esac
    fi
    # build_modules needs only libcrypto.so, which recipe_build made: the
    # modules link against it (and bind the loaded one at run time).
    if [[ ${OSSLBENCH_MODULES:-1} == 1 && $gen == 3 ]]; then
        make -j"$JOBS" build_modules
    fi
}

# recipe_install STAGE: copy the products of the current tree into STAGE.
recipe_install() {
    local stage=$1 f
    mkdir -p "$stage/lib"
    # The real files plus their symlinks (libcrypto.so -> libcrypto.so.3 ...).
    cp -a libcrypto.so* libssl.so* "$stage/lib/"
    if [[ -d providers ]] && compgen -G 'providers/*.so' >/dev/null && [[ ${OSSLBENCH_MODULES:-1} == 1 ]]; then
        mkdir -p "$stage/lib/ossl-modules"
        for f in providers/*.so; do cp -a "$f" "$stage/lib/ossl-modules/"; done
    fi
    if [[ ${APPS:-0} == 1 ]]; then
        [[ -x apps/openssl ]] || { echo "APPS=1 but no apps/openssl was built"; return 1; }
        mkdir -p "$stage/bin"
        cp apps/openssl "$stage/bin/openssl"
    fi
}

# recipe_check_apps STAGE [VERSION_TEXT]: bin/openssl carries the $ORIGIN
# rpath, every libcrypto/libssl it binds is STAGE's own, and it runs (reporting
# VERSION_TEXT when given).  Prints the reason and fails otherwise.
recipe_check_apps() {
    local stage=$1 want=${2:-} app=$1/bin/openssl deps out
    # shellcheck disable=SC2016  # a literal $ORIGIN
    readelf -d "$app" | grep -qF '(RPATH)              Library rpath: [$ORIGIN/../lib]' \
        || { echo "bin/openssl has no DT_RPATH \$ORIGIN/../lib"; return 1; }
    deps=$(ldd "$app") || { echo "ldd bin/openssl failed"; return 1; }
    echo "$deps"
    # Exactly one libcrypto and one libssl, both resolved into STAGE/lib.
    local own n=0 name arrow path _
    own=$(realpath "$stage/lib")
    while read -r name arrow path _; do
        [[ $name == lib@(crypto|ssl).so* ]] || continue
        [[ $arrow == '=>' && $(dirname "$(realpath "$path" 2>/dev/null)") == "$own" ]] \
            || { echo "bin/openssl binds $name from '$path', not from $own"; return 1; }
        n=$((n + 1))
    done <<<"$deps"
    (( n == 2 )) || { echo "bin/openssl binds $n libcrypto/libssl libraries, expected 2"; return 1; }
    out=$(OPENSSL_CONF=/dev/null "$app" version 2>&1) || { echo "bin/openssl version failed: $out"; return 1; }
    echo "bin/openssl version: $out"
    [[ -z $want || $out == "$want"* ]] || { echo "bin/openssl reports '$out', expected $want"; return 1; }
}
