#!/bin/sh
# Regenerates data/rsa_keys.c: fixed RSA test keys for the rsa<bits>
# workloads and the expected PKCS#1 v1.5 SHA-256 signature of a fixed message,
# all produced by the system `openssl` command line tool (an implementation
# independent of the library under test).
#
#   tools/gen-rsa-keys.sh [--new] [--big] [--pem-dir DIR] [output.c]
#
# default: sizes 512 1024 1536 2048 3072 4096 into data/rsa_keys.c
#          (rsa_test_keys[], with rsa_test_msg and its digest);
# --big:   sizes 7680 15360 (speed's rsa7680, rsa15360) into
#          data/rsa_keys_big.c (rsa_test_keys_big[]), a file of its
#          own so the small keys' file does not change;
# --pem-dir DIR: take the key of BITS from DIR/kBITS.pem when it exists (made
#          beforehand with `openssl genrsa -traditional -out DIR/kBITS.pem BITS`:
#          a 15360-bit key takes minutes) instead of generating it here.
#
# The big keys were made with
#   openssl genrsa -traditional -out DIR/k7680.pem 7680   (and 15360)
#   tools/gen-rsa-keys.sh --big --pem-dir DIR
# with OpenSSL 3.0.19; no key is generated at run time for any fixed size.
#
# Keys are DER RSAPrivateKey (PKCS#1), which d2i_RSAPrivateKey parses in every
# release from 0.9.8 on.  A size whose key is already in the output file keeps
# that key (and so its signature: PKCS#1 v1.5 is deterministic), so adding a
# size leaves the others byte-identical; --new makes every key afresh.  The
# output is committed, not rebuilt.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

fresh=no big=no pemdir=
while [ $# -gt 0 ]; do
    case $1 in
    --new) fresh=yes ;;
    --big) big=yes ;;
    --pem-dir) [ $# -ge 2 ] || die "--pem-dir needs a directory"
        pemdir=$2
        shift ;;
    -*) die "unknown option $1" ;;
    *) break ;;
    esac
    shift
done
if [ "$big" = yes ]; then
    out=${1:-data/rsa_keys_big.c}
    sizes="7680 15360"
    table=rsa_test_keys_big
else
    out=${1:-data/rsa_keys.c}
    sizes="512 1024 1536 2048 3072 4096"
    table=rsa_test_keys
fi
needs openssl xxd
tmpdir

printf '%s' "$rsa_test_msg" >"$tmp/msg"
openssl dgst -sha256 -binary -out "$tmp/digest" "$tmp/msg"

# kept_key BITS PEM: the der<BITS> array of the existing output as a PEM key
kept_key() {
    [ "$fresh" = no ] && [ -f "$out" ] || return 1
    sed -n "/^static const unsigned char der$1\[\] = {\$/,/^};\$/p" "$out" |
        sed '1d;$d' | tr -d ' ,\n' | sed 's/0x//g' | xxd -r -p >"$tmp/kept.der"
    [ -s "$tmp/kept.der" ] || return 1
    openssl rsa -inform DER -in "$tmp/kept.der" -traditional -out "$2" 2>/dev/null
}

for b in $sizes; do
    if kept_key "$b" "$tmp/k$b.pem"; then
        echo "keeping the $b-bit key of $out"
    elif [ -n "$pemdir" ] && [ -f "$pemdir/k$b.pem" ]; then
        echo "taking the $b-bit key of $pemdir/k$b.pem"
        openssl rsa -in "$pemdir/k$b.pem" -traditional -out "$tmp/k$b.pem" 2>/dev/null
    else
        openssl genrsa -traditional -out "$tmp/k$b.pem" "$b" 2>/dev/null
    fi
    openssl rsa -in "$tmp/k$b.pem" -check -noout >/dev/null
    openssl rsa -in "$tmp/k$b.pem" -traditional -outform DER -out "$tmp/k$b.der" 2>/dev/null
    # Must be PKCS#1 RSAPrivateKey, not PKCS#8: SEQUENCE { INTEGER 0, INTEGER n, ... }
    openssl asn1parse -inform DER -in "$tmp/k$b.der" | sed -n 3p | grep -q 'INTEGER' ||
        die "$b-bit key is not a PKCS#1 RSAPrivateKey"
    openssl dgst -sha256 -sign "$tmp/k$b.pem" -out "$tmp/s$b.bin" "$tmp/msg"
    # Cross-check: the same bytes from signing the digest with pkeyutl, and verify.
    openssl pkeyutl -sign -inkey "$tmp/k$b.pem" -pkeyopt rsa_padding_mode:pkcs1 \
        -pkeyopt digest:sha256 -in "$tmp/digest" -out "$tmp/p$b.bin"
    cmp -s "$tmp/s$b.bin" "$tmp/p$b.bin" ||
        die "dgst and pkeyutl disagree for $b bits"
    openssl dgst -sha256 -prverify "$tmp/k$b.pem" -signature "$tmp/s$b.bin" "$tmp/msg" >/dev/null
    [ "$(wc -c <"$tmp/s$b.bin")" -eq $((b / 8)) ] ||
        die "$b-bit signature has the wrong length"
done

{
    banner
    printf ' * Fixed RSA test keys (DER RSAPrivateKey, e = 65537) and the PKCS#1 v1.5\n'
    printf ' * SHA-256 signature of rsa_test_msg under each, from openssl dgst -sha256\n'
    printf ' * -sign (cross-checked with openssl pkeyutl).  Test keys only. */\n'
    printf '#include "rsa_keys.h"\n\n'
    if [ "$big" = no ]; then
        printf 'const char rsa_test_msg[] = "%s";\n' "$rsa_test_msg"
        printf 'const size_t rsa_test_msg_len = sizeof rsa_test_msg - 1;\n\n'
        printf '/* SHA-256(rsa_test_msg) */\n'
        printf 'const unsigned char rsa_test_digest[32] = {\n'
        xxd -i <"$tmp/digest"
        printf '};\n\n'
    fi
    for b in $sizes; do
        carray "der$b" "$tmp/k$b.der"
        carray "sig$b" "$tmp/s$b.bin"
    done
    printf 'const rsa_test_key %s[] = {\n' "$table"
    for b in $sizes; do
        printf '    {%s, der%s, sizeof der%s, sig%s, sizeof sig%s},\n' "$b" "$b" "$b" "$b" "$b"
    done
    printf '};\n'
    printf 'const size_t %s_count = sizeof %s / sizeof %s[0];\n' "${table%s}" "$table" "$table"
} >"$out.tmp"
written "$out"
