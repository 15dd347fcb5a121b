# shellcheck shell=bash
# builds/sources.sh — where a release's source tree comes from (sourced by
# build-release.sh after lib.sh).
#
# Order (OSSLBENCH_SOURCES, default "tarball debian upstream git"):
#   tarball   builds/tarballs/ or $OSSLBENCH_TARBALLS (a cache: downloads land here)
#   debian    apt-get source --download-only openssl=<ver>, private apt config
#   upstream  openssl.org / GitHub release downloads (needs internet; fails fast)
#   git       OPENSSL_GIT=<clone> + tag derived from the release (or --ref)
# Every tarball is checked against the manifest's SHA-256 before it is unpacked.
# On success these globals are set:
#   SRC_KIND (tarball|debian|upstream|git)  SRC_DETAIL (free text)
#   SRC_TARBALL (verified file) or SRC_GIT_DIR + SRC_GIT_COMMIT.

# shellcheck source=builds/git-export.sh
source "$BUILDS_SRC/git-export.sh"

SOURCES_ORDER=${OSSLBENCH_SOURCES:-tarball debian upstream git}
UPSTREAM_CONNECT_TIMEOUT=${OSSLBENCH_CONNECT_TIMEOUT:-5}

# git_tag_for RELEASE: upstream's tag naming (OpenSSL_1_1_1w, openssl-3.0.20).
git_tag_for() {
    case $1 in
        0.*|1.*) printf 'OpenSSL_%s\n' "${1//./_}" ;;
        *)       printf 'openssl-%s\n' "$1" ;;
    esac
}

# --- (1) local tarball -------------------------------------------------------
try_local_tarball() {
    local file=$TARBALL_DIR/$1 sha=$2
    [[ -f $file ]] || { say "  no local tarball $file"; return 1; }
    verify_tarball "$file" "$sha" || return 1
    SRC_KIND=tarball SRC_TARBALL=$file
    SRC_DETAIL="local $file"
    # A tarball fetched earlier by this tool remembers where it came from.
    [[ -f $file.source ]] && SRC_DETAIL+=" (fetched from $(head -n1 "$file.source"))"
    return 0
}

# store_download TMPFILE TARBALL SHA ORIGIN: verify a fresh download, then move
# it into the cache atomically (a half-written file never has the final name).
store_download() {
    local tmp=$1 name=$2 sha=$3 origin=$4
    verify_tarball "$tmp" "$sha" || return 1
    printf '%s\n' "$origin" >"$TARBALL_DIR/$name.source"
    mv -f -- "$tmp" "$TARBALL_DIR/$name"
    SRC_TARBALL=$TARBALL_DIR/$name
}

# --- (2) Debian source package -------------------------------------------------
# debian_candidates RELEASE PINNED: the pinned Debian version first, then every
# other Debian version of the same upstream release, newest first (the index
# lists versions whose files are gone: we fall back to one that downloads).
debian_candidates() {
    local rel=$1 pinned=$2 v up
    [[ $pinned != - ]] && printf '%s\n' "$pinned"
    apt-cache "${APT_OPTS[@]}" showsrc openssl 2>/dev/null | awk '/^Version:/ { print $2 }' | sort -u \
        | while read -r v; do
            up=${v#*:}; up=${up%-*}
            [[ $up == "$rel" && $v != "$pinned" ]] && printf '%s\n' "$v"
        done | sort -r -V
}

try_debian() {
    local rel=$1 name=$2 sha=$3 pinned=$4 v tmp orig
    apt_ready || return 1
    mkdir -p "$TARBALL_DIR"
    for v in $(debian_candidates "$rel" "$pinned"); do
        tmp=$(mktemp -d "$TARBALL_DIR/.debian-XXXXXX")
        say "  apt-get source --download-only openssl=$v"
        if (cd "$tmp" && apt-get -q "${APT_OPTS[@]}" source --download-only "openssl=$v") >"$tmp.log" 2>&1; then
            cat "$tmp.log" >>"$LOG"; rm -f -- "$tmp.log"
            orig=$tmp/openssl_${rel}.orig.tar.gz
            if [[ -f $orig ]] && store_download "$orig" "$name" "$sha" "debian openssl=$v"; then
                rm -rf -- "$tmp"
                SRC_KIND=debian SRC_DETAIL="debian openssl=$v (.orig.tar.gz only, no Debian patches)"
                return 0
            fi
            say "  openssl=$v: no usable .orig.tar.gz"
        else
            say "  openssl=$v: not downloadable ($(grep -m1 -E '^(E|Err):' "$tmp.log" | cut -c1-150 || true))"
            cat "$tmp.log" >>"$LOG"; rm -f -- "$tmp.log"
        fi
        rm -rf -- "$tmp"
    done
    say "  no downloadable Debian source for $rel"
    return 1
}

# --- (3) upstream download ------------------------------------------------------
upstream_urls() {
    local rel=$1 name=$2 series
    series=$(awk -F. '{ if ($1 >= 3) print $1 "." $2; else print $1 "." $2 "." $3 }' <<<"$rel")
    series=${series%%[a-z]*}
    echo "https://www.openssl.org/source/$name"
    echo "https://www.openssl.org/source/old/$series/$name"
    echo "https://github.com/openssl/openssl/releases/download/$(git_tag_for "$rel")/$name"
}

try_upstream() {
    local rel=$1 name=$2 sha=$3 url tmp
    mkdir -p "$TARBALL_DIR"
    for url in $(upstream_urls "$rel" "$name"); do
        tmp=$(mktemp "$TARBALL_DIR/.upstream-XXXXXX")
        if command -v curl >/dev/null; then
            curl -fsSL --connect-timeout "$UPSTREAM_CONNECT_TIMEOUT" --max-time 600 -o "$tmp" "$url" 2>>"$LOG"
        else
            wget -q --timeout="$UPSTREAM_CONNECT_TIMEOUT" --tries=1 -O "$tmp" "$url" 2>>"$LOG"
        fi && store_download "$tmp" "$name" "$sha" "upstream $url" && {
            SRC_KIND=upstream SRC_DETAIL="upstream $url"; return 0; }
        rm -f -- "$tmp"
    done
    say "  upstream download failed (no internet?)"
    return 1
}

# --- (4) git ------------------------------------------------------------------------
# try_git DIR REF: resolve REF to a commit (git prefers refs/tags/REF to a
# branch of the same name); the tree is exported later with git_export
# (builds/git-export.sh), so the user's clone and work tree are never
# touched, and nothing is fetched.
try_git() {
    local dir=$1 ref=$2 commit
    [[ -n $dir ]] || { say "  git: OPENSSL_GIT not set"; return 1; }
    [[ -d $dir ]] || { say "  git: $dir is not a folder"; return 1; }
    [[ $ref != -* ]] || { say "  git: refusing ref starting with '-'"; return 1; }
    commit=$(git_offline "$dir" rev-parse -q --verify "$ref^{commit}" 2>/dev/null) \
        || { say "  git: no tag or ref '$(printable "$ref")' in $dir"; return 1; }
    SRC_KIND=git SRC_GIT_DIR=$dir SRC_GIT_COMMIT=$commit
    SRC_DETAIL="git $dir ref $ref commit $commit"
}

# find_source RELEASE TARBALL SHA DEBVER GITREF: walk the source order.
find_source() {
    local rel=$1 name=$2 sha=$3 debver=$4 ref=$5 kind
    for kind in $SOURCES_ORDER; do
        if [[ $kind != git && ! $sha =~ ^[0-9a-f]{64}$ ]]; then
            say "  $kind: skipped, no pinned sha256 for $rel (only the git source can build it)"
            continue
        fi
        case $kind in
            tarball)  try_local_tarball "$name" "$sha" && return 0 ;;
            debian)   [[ $debver == - ]] && { say "  debian: Debian does not carry $rel"; continue; }
                      try_debian "$rel" "$name" "$sha" "$debver" && return 0 ;;
            upstream) try_upstream "$rel" "$name" "$sha" && return 0 ;;
            git)      try_git "${OPENSSL_GIT:-}" "$ref" && return 0 ;;
            *)        say "  unknown source kind '$kind' in OSSLBENCH_SOURCES" ;;
        esac
    done
    return 1
}

# unpack_source DEST: put the source tree at DEST (which must not exist).
# A git source may leave out missing test data (GIT_MISSING names it); a
# missing build input or any failed step fails (GIT_EXPORT_ERROR says why).
unpack_source() {
    local dest=$1 tmp top
    GIT_MISSING=() GIT_EXPORT_ERROR=''
    if [[ $SRC_KIND == git ]]; then
        git_export "$SRC_GIT_DIR" "$SRC_GIT_COMMIT" "$dest"
        return
    fi
    tmp=$(mktemp -d "$(dirname "$dest")/.unpack-XXXXXX")
    tar -xzf "$SRC_TARBALL" -C "$tmp" || { say "tar -xzf $SRC_TARBALL failed"; rm -rf -- "$tmp"; return 1; }
    top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
    [[ $(wc -l <<<"$top") == 1 && -n $top ]] || { say "unexpected tarball layout"; rm -rf -- "$tmp"; return 1; }
    mv -- "$top" "$dest" && rm -rf -- "$tmp"
}
