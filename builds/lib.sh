# shellcheck shell=bash
# builds/lib.sh — shared shell code for the builds/ scripts (sourced, never run).
# shellcheck shell=bash
#
# One place for: where things live, logging, release-name validation, manifest
# look-ups, checksum checks and the private apt configuration.  Every script in
# builds/ sources this file right after `set -euo pipefail`.
# shellcheck disable=SC2034  # the variables below are used by the scripts sourcing this file

# ---------------------------------------------------------------- locations
# BUILDS_SRC: this folder (scripts + manifest).  BUILDS_DIR: where install/,
# work/ and logs/ go; tests point OSSLBENCH_BUILDS_DIR at a scratch folder so
# they never disturb the team's builds/install.
BUILDS_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$BUILDS_SRC/.." && pwd)
BUILDS_DIR=${OSSLBENCH_BUILDS_DIR:-$BUILDS_SRC}
MANIFEST=${OSSLBENCH_MANIFEST:-$BUILDS_SRC/releases.tsv}
TARBALL_DIR=${OSSLBENCH_TARBALLS:-$BUILDS_SRC/tarballs}
INSTALL_ROOT=$BUILDS_DIR/install
WORK_ROOT=$BUILDS_DIR/work
LOG_ROOT=$BUILDS_DIR/logs
# The apt state is shared by every BUILDS_DIR (it is only a download cache).
APT_DIR=${OSSLBENCH_APT_DIR:-$BUILDS_SRC/.apt}

# Release names end up in paths and command lines: only this shape is allowed.
NAME_RE='^[0-9a-z.]+(-noasm)?$'

# ---------------------------------------------------------------- messages
# Progress goes to stderr so that functions can return values on stdout.
# While a build runs (LOG set) the same lines also go to its log.
say()  { printf 'builds: %s\n' "$*" >&2; [[ -z ${LOG:-} ]] || printf 'builds: %s\n' "$*" >>"$LOG"; }
die()  { printf 'builds: error: %s\n' "$*" >&2; exit 1; }
now()  { date +%s; }

# ---------------------------------------------------------------- names
# valid_name NAME: shape check only (no manifest look-up).
valid_name() { [[ $1 =~ $NAME_RE ]]; }

# base_release NAME: strip the variant suffix ("3.0.20-noasm" -> "3.0.20").
base_release() { printf '%s\n' "${1%-noasm}"; }

# is_noasm NAME: true for the no-asm variant.
is_noasm() { [[ $1 == *-noasm ]]; }

# ---------------------------------------------------------------- manifest
# manifest_rows: data lines of the manifest (comments and blanks removed).
manifest_rows() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$MANIFEST"; }

# manifest_line RELEASE: the raw manifest line of a base release, or nothing.
manifest_line() {
    local rel=$1
    manifest_rows | awk -F'\t' -v r="$rel" '$1 == r { print; exit }'
}

# manifest_field RELEASE COLUMN: one column (1=name 2=generation 3=tarball
# 4=sha256 5=debian version 6=set 7=notes).
manifest_field() {
    manifest_line "$1" | awk -F'\t' -v c="$2" '{ print $c }'
}

# require_release NAME: validate shape and presence in the manifest, else a
# one-line error.  Used before a name reaches any path or command.
require_release() {
    local name=$1
    valid_name "$name" || die "invalid release name '${name//[^[:print:]]/?}' (must match $NAME_RE)"
    [[ -n $(manifest_line "$(base_release "$name")") ]] \
        || die "unknown release '$name' (not in ${MANIFEST#"$REPO_ROOT"/}; see make list-releases)"
}

# default_releases: the set `make builds` builds (manifest column set=default:
# the newest downloadable Debian release of each series, reachable with no
# internet).  Kept explicit because Debian's index lists files it cannot serve.
default_releases() { manifest_rows | awk -F'\t' '$6 == "default" { print $1 }'; }

# all_releases: every base release of the manifest, in manifest order.
all_releases() { manifest_rows | awk -F'\t' '{ print $1 }'; }

# ---------------------------------------------------------------- checksums
# sha256_of FILE
sha256_of() { sha256sum "$1" | awk '{ print $1 }'; }

# verify_tarball FILE SHA: refuse (and delete) a file that does not match the
# pinned checksum.  Called BEFORE anything is unpacked.
verify_tarball() {
    local file=$1 want=$2 got
    got=$(sha256_of "$file")
    if [[ $got != "$want" ]]; then
        rm -f -- "$file"
        say "checksum mismatch for $(basename "$file"): got $got, pinned $want (file deleted: corrupt or truncated)"
        return 1
    fi
}

# ---------------------------------------------------------------- compiler
# setup_compiler: honour CC; else gcc.  Use ccache through its masquerade
# folder (PATH) rather than CC="ccache gcc": the 0.9.8/1.0.x ./config scripts
# probe "$CC" as a single word and get confused by a two-word CC.
setup_compiler() {
    export CC=${CC:-gcc}
    if [[ ${OSSLBENCH_NO_CCACHE:-0} != 1 ]] && command -v ccache >/dev/null \
        && [[ -x /usr/lib/ccache/${CC##*/} ]]; then
        export PATH=/usr/lib/ccache:$PATH
        # Builds of one release in different folders (tests, bisect) should
        # share cache entries: hash paths relative to the work root.
        export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$WORK_ROOT}
        export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
        USING_CCACHE=1
    else
        USING_CCACHE=0
    fi
}

# ---------------------------------------------------------------- private apt
# The Debian mirror is never written into the project: it is read at run time
# from the system's own apt sources (deb822 first, then one-line format).
debian_mirror() {
    if [[ -n ${OSSLBENCH_DEBIAN_MIRROR:-} ]]; then printf '%s\n' "$OSSLBENCH_DEBIAN_MIRROR"; return; fi
    local uri
    # deb822: take the URIs of a stanza whose Suites has a plain suite name
    # (the main archive, not -security/-updates).
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '
        /^[[:space:]]*$/ { if (u != "" && plain) { print u; exit } u = ""; plain = 0; next }
        tolower($1) == "uris:"   { u = $2 }
        tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i !~ /-/) plain = 1 }
        END { if (u != "" && plain) print u }' | grep -m1 -E '^https?://' || true)
    if [[ -z $uri ]]; then
        uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
            | sed -E 's/\[[^]]*\]//' | awk '$1 == "deb" && $3 !~ /-/ { print $2 }' \
            | grep -m1 -E '^https?://' || true)
    fi
    [[ -n $uri ]] || die "cannot find a Debian mirror in the system apt sources (set OSSLBENCH_DEBIAN_MIRROR)"
    printf '%s\n' "${uri%/}"
}

# APT_SUITES: where OpenSSL releases live in Debian (old to new).
APT_SUITES=(bullseye bookworm trixie sid experimental)

# apt_setup: write the private configuration under $APT_DIR (gitignored).
# Nothing in /etc/apt changes.  Sets the APT_OPTS array for apt-get/apt-cache.
apt_setup() {
    local mirror arch keyring signed='' s
    mirror=$(debian_mirror)
    arch=$(dpkg --print-architecture)
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    [[ -r $keyring ]] && signed=" signed-by=$keyring"
    mkdir -p "$APT_DIR"/{lists/partial,cache/archives/partial,state,etc}
    {
        echo "# generated by builds/lib.sh at run time; do not edit, do not commit"
        for s in "${APT_SUITES[@]}"; do
            echo "deb [arch=$arch$signed] $mirror $s main"
            echo "deb-src [${signed# }] $mirror $s main"
        done
    } >"$APT_DIR/etc/sources.list.new"
    mv -f "$APT_DIR/etc/sources.list.new" "$APT_DIR/etc/sources.list"
    APT_OPTS=(
        -o "Dir::Etc::SourceList=$APT_DIR/etc/sources.list"
        -o "Dir::Etc::SourceParts=/dev/null"
        -o "Dir::Etc::Preferences=/dev/null"
        -o "Dir::Etc::PreferencesParts=/dev/null"
        -o "Dir::State=$APT_DIR/state"
        -o "Dir::State::Lists=$APT_DIR/lists"
        -o "Dir::State::status=/var/lib/dpkg/status"
        -o "Dir::Cache=$APT_DIR/cache"
        -o "Dir::Cache::pkgcache="
        -o "Dir::Cache::srcpkgcache="
        -o "Acquire::Languages=none"
        -o "APT::Sandbox::User=root"
        -o "Acquire::Retries=1"
        -o "Acquire::http::Timeout=20"
    )
}

# apt_ready: private config + fresh enough package lists (refreshed when older
# than OSSLBENCH_APT_MAX_AGE seconds, default 6 h).  Serialised with a lock so
# parallel builds do not run two updates.
apt_ready() {
    apt_setup
    local stamp=$APT_DIR/state/updated max=${OSSLBENCH_APT_MAX_AGE:-21600}
    (
        flock 8
        if [[ ! -f $stamp ]] || (( $(now) - $(stat -c %Y "$stamp") > max )) \
            || ! cmp -s "$APT_DIR/etc/sources.list" "$APT_DIR/state/sources.list.used"; then
            say "refreshing private Debian package lists (builds/.apt)"
            apt-get -q "${APT_OPTS[@]}" update >"$APT_DIR/state/update.log" 2>&1 \
                || { tail -n 5 "$APT_DIR/state/update.log" >&2; exit 1; }
            cp "$APT_DIR/etc/sources.list" "$APT_DIR/state/sources.list.used"
            touch "$stamp"
        fi
    ) 8>"$APT_DIR/lock" || { say "apt update with the private config failed"; return 1; }
}

# ---------------------------------------------------------------- install state
# An install folder only ever appears by rename of a complete staging folder,
# so "builds/install/<name>/build-info.txt exists" means "done".  Its identity
# line says what it was built from; a different identity means rebuild.

# Bump when recipes.sh changes what gets built: every install is then redone.
RECIPE_VERSION=4

# Bump when the APPS=1 part of recipes.sh changes: only APPS=1 installs are
# then redone (2: libssl installed, bin/openssl is the program with an rpath).
APPS_RECIPE_VERSION=2

# modules_identity ORIGIN: whether the provider modules are part of the
# build (OSSLBENCH_MODULES, default 1).  A release before 3.0 has none: it
# stays modules=0, as it was built when the default was 0, so that the new
# default rebuilds only the 3.x/4.x installs that lack their modules.
modules_identity() {
    local words gen=''
    read -r -a words <<<"$1"
    if [[ ${words[0]:-} == git ]]; then
        [[ $1 =~ (^|[[:space:]])gen=([^[:space:]]*) ]] && gen=${BASH_REMATCH[2]}
    else
        gen=${words[1]:-}
    fi
    if [[ -n $gen && $gen != 3 ]]; then echo 0; else echo "${OSSLBENCH_MODULES:-1}"; fi
}

# build_identity ORIGIN: ORIGIN is the manifest line or the git commit; the
# knobs that change the product are part of it too.
build_identity() {
    printf '%s|recipe=%s|cc=%s|opts=%s|apps=%s|modules=%s\n' "${1//$'\t'/ }" "$RECIPE_VERSION" "${CC:-gcc}" \
        "${OSSLBENCH_CONFIG_OPTS:-}" "$( [[ ${APPS:-0} == 1 ]] && echo "1.v$APPS_RECIPE_VERSION" || echo 0)" "$(modules_identity "$1")"
}

# installed_identity NAME: the identity recorded by a finished install.
installed_identity() {
    local info=$INSTALL_ROOT/$1/build-info.txt
    [[ -f $info ]] && sed -n 's/^identity=//p' "$info"
}

# is_current NAME ORIGIN: installed, from the same origin, unless FORCE=1.
is_current() {
    [[ ${FORCE:-0} != 1 ]] && [[ "$(installed_identity "$1")" == "$(build_identity "$2")" ]]
}
