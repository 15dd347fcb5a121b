#!/usr/bin/env bash
# fleet/unpack.sh — unpack a fleet host's results tarball as the hostile
# input it is: the host (or whoever controls it) chose every byte.
#
#   fleet/unpack.sh TARBALL DEST [MAX_BYTES]
#
# DEST must not exist; it is created and receives the members.  Every member
# is checked in a listing before anything is written: only plain files and
# folders, relative names of plain characters (letters, digits, ._+@%=,:~-
# and /) with no '..' component, at most 100000 members and MAX_BYTES
# (default 512 MiB) unpacked in all, the compressed file no larger.  Files
# are written with this user's owner and umask, never the archive's, and
# every member is made readable and writable by this user (a folder of mode
# 000 would leave a non-root collect step unable to read or remove it).
# Refused: one line "unpack: ..." naming the first offending member, exit 1,
# DEST removed.  Exit 0 when everything is unpacked.
set -euo pipefail
die() {
    printf 'unpack: %s\n' "$*" >&2
    [[ -z ${dest:-} ]] || { chmod -R u+rwX -- "$dest" 2>/dev/null; rm -rf -- "$dest"; }
    exit 1
}
(($# == 2 || $# == 3)) || { echo "usage: $0 TARBALL DEST [MAX_BYTES]" >&2; exit 2; }
tarball=$1 max=${3:-$((512 << 20))} dest=''
[[ $max =~ ^[1-9][0-9]{0,15}$ ]] || die "MAX_BYTES '$max' is not a positive number"
[[ -f $tarball ]] || die "$tarball: not a file"
[[ ! -e $2 && ! -L $2 ]] || die "$2 exists already"
size=$(stat -c %s -- "$tarball")
((size <= max)) || die "the tarball is $size bytes, over the cap of $max"
# Unpacked size first, from the stream, so that a gzip bomb is cut at the cap.
unpacked=$(gzip -dc -- "$tarball" 2>/dev/null | head -c $((max + 1)) | wc -c) || true
((unpacked <= max)) || die "the tarball unpacks to more than $max bytes"
gzip -t -- "$tarball" 2>/dev/null || die "the tarball is not a complete gzip file"

# One line per member, its name C-quoted (a newline in a name stays one line):
# MODE UID/GID SIZE DATE TIME "NAME" [link part]
# (tar's own remarks, such as "Removing leading '/'", go to stderr: the
# listing shows every name as the archive holds it.)
listing=$(LC_ALL=C tar -tvzf "$tarball" --quoting-style=c --numeric-owner --full-time 2>/dev/null) \
    || die "tar cannot list the tarball"
members=0 bytes=0
while IFS= read -r line; do
    [[ -n $line ]] || continue
    read -r mode _ msize _ _ name <<<"$line"
    # a link's line goes on with -> "TARGET" or link to "TARGET"
    case ${mode:0:1} in l) name=${name%% -> \"*} ;; h) name=${name%% link to \"*} ;; esac
    shown=${name:0:120}
    case ${mode:0:1} in
    -) [[ $msize =~ ^[0-9]+$ ]] || die "member $shown: no size" ;;
    d) ;;
    l) die "member $shown: a symbolic link" ;;
    h) die "member $shown: a hard link" ;;
    c | b) die "member $shown: a device file" ;;
    p) die "member $shown: a FIFO" ;;
    *) die "member $shown: not a plain file or folder (type ${mode:0:1})" ;;
    esac
    [[ $name =~ ^\"[A-Za-z0-9._+@%=,:~/-]+\"$ ]] || die "member $shown: a name with characters a run folder never has"
    name=${name:1:${#name}-2}
    [[ $name != /* ]] || die "member $shown: an absolute name"
    [[ /$name/ != */../* ]] || die "member $shown: a '..' in its name"
    ((++members <= 100000)) || die "more than 100000 members"
    [[ ${mode:0:1} != - ]] || bytes=$((bytes + msize))
    ((bytes <= max)) || die "the members add up to more than $max bytes"
done <<<"$listing"
((members)) || die "the tarball is empty"

dest=$2
mkdir -- "$dest" || { dest=''; die "cannot create $2"; }
err=$(tar -xzf "$tarball" -C "$dest" --no-same-owner --no-same-permissions \
    --keep-old-files 2>&1) || die "tar could not unpack it: $(tail -n 1 <<<"$err")"
# chmod -R sets a folder's mode before it descends into it
chmod -R u+rwX -- "$dest" || die "cannot make the unpacked members readable"
