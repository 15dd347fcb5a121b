#!/bin/sh
# Regenerates data/rsa_ciphertexts.c: for each fixed RSA key of
# data/rsa_keys.c, the encryption of rsa_test_digest (a 32-byte
# secret) with PKCS#1 v1.5 and with OAEP (SHA-1, MGF1-SHA-1: every release's
# default), made and decrypted back by the system `openssl` command line tool.
# The rsa-enc / rsa-oaep self-checks decrypt them.  Encryption is random:
# running this again makes other (equally valid) ciphertexts.
#
#   tools/gen-rsa-ciphertexts.sh [output.c]   (default data/rsa_ciphertexts.c)
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

keys=data/rsa_keys.c
out=${1:-data/rsa_ciphertexts.c}

needs openssl xxd
[ -r "$keys" ] || die "run from the repository root ($keys)"
tmpdir
hex2bin "$rsa_test_digest" "$tmp/secret"

# The key sizes rsa_keys.c has, and each DER key back from its C array.
sizes=$(sed -n 's/^static const unsigned char der\([0-9]*\)\[\] = {$/\1/p' "$keys")
[ -n "$sizes" ] || die "no keys in $keys"
for b in $sizes; do
    awk -v a="static const unsigned char der${b}[] = {" '$0 == a {f = 1; next} f && /^};/ {exit} f' \
        "$keys" | tr -d ' ,\n' | sed 's/0x//g' | xxd -r -p >"$tmp/k$b.der"
    openssl rsa -inform DER -in "$tmp/k$b.der" -check -noout >/dev/null 2>&1 ||
        die "$b-bit key from $keys does not check"
    for pad in pkcs1 oaep; do
        openssl pkeyutl -encrypt -keyform DER -inkey "$tmp/k$b.der" \
            -pkeyopt "rsa_padding_mode:$pad" -in "$tmp/secret" -out "$tmp/$pad$b.bin"
        openssl pkeyutl -decrypt -keyform DER -inkey "$tmp/k$b.der" \
            -pkeyopt "rsa_padding_mode:$pad" -in "$tmp/$pad$b.bin" -out "$tmp/$pad$b.dec"
        cmp -s "$tmp/$pad$b.dec" "$tmp/secret" || die "$pad $b: does not decrypt back"
        [ "$(wc -c <"$tmp/$pad$b.bin")" -eq $((b / 8)) ] || die "$pad $b: wrong length"
    done
done

{
    banner
    printf ' * rsa_test_digest encrypted under each fixed key of rsa_keys.c with PKCS#1\n'
    printf ' * v1.5 and with OAEP (SHA-1, MGF1-SHA-1). */\n'
    printf '#include "../harness/workloads/rsa_ciphertexts.h"\n\n'
    for b in $sizes; do
        for pad in pkcs1 oaep; do
            carray "${pad}_$b" "$tmp/$pad$b.bin"
        done
    done
    printf 'const rsa_test_ciphertext rsa_test_ciphertexts[] = {\n'
    for b in $sizes; do
        printf '    {%s, {pkcs1_%s, oaep_%s}, {sizeof pkcs1_%s, sizeof oaep_%s}},\n' \
            "$b" "$b" "$b" "$b" "$b"
    done
    printf '};\n'
    printf 'const size_t rsa_test_ciphertext_count =\n'
    printf '    sizeof rsa_test_ciphertexts / sizeof rsa_test_ciphertexts[0];\n'
} >"$out.tmp"
written "$out"
