#!/bin/sh
# Regenerates data/pkeyread_keys.c: every encoding the pkeyread-* workloads
# decode of their fixed keys, made and checked with the system `openssl`
# command line tool.  No new key: each is a fixed key the signing and key
# exchange lines already use, read back out of its generated file, so one
# key is one key across the workloads.
#
#   tools/gen-pkeyread-keys.sh [output.c]      (default data/pkeyread_keys.c)
#
#   rsa2048   data/rsa_keys.c der2048 (PKCS#1)
#   ec_p256   data/pkey_keys.c ecdsa_p256_key (SEC1, named curve)
#   dsa2048   data/pkey_keys.c dsa2048_key (DSAPrivateKey)
#   ed25519   data/pkey_keys.c ed25519_key (PKCS#8, RFC 8032 TEST 2)
#   x25519    data/pkey_keys.c x25519_key (PKCS#8, RFC 7748 Alice)
#   dh2048    data/pkey_more.c ffdh2048_key (PKCS#8, group ffdhe2048)
# Each gets PKCS#8 (PEM "PRIVATE KEY" and DER), SubjectPublicKeyInfo (DER
# and PEM "PUBLIC KEY") and, for RSA, EC and DSA, the traditional form
# ("RSA PRIVATE KEY" ... and its DER).  Every private encoding must give the
# one public key, and the traditional DER must be the source's bytes.
# The conversions are deterministic: running this again writes the same file.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

out=${1:-data/pkeyread_keys.c}
needs openssl xxd awk
tmpdir

# from FILE ARRAY OUT: the bytes of "static const unsigned char ARRAY[] = {...}" of FILE
from() {
    awk -v n="static const unsigned char $2[] = {" '$0 == n {f = 1; next} f && /^};/ {exit} f' "$1" |
        grep -o '0x[0-9a-f][0-9a-f]' | sed 's/^0x//' | tr -d '\n' | xxd -r -p >"$3"
    [ -s "$3" ] || die "$2 not found in $1"
}
# the header line of a PEM file
label() { head -n 1 "$1"; }

from data/rsa_keys.c der2048 "$tmp/rsa2048.src"
from data/pkey_keys.c ecdsa_p256_key "$tmp/ec_p256.src"
from data/pkey_keys.c dsa2048_key "$tmp/dsa2048.src"
from data/pkey_keys.c ed25519_key "$tmp/ed25519.src"
from data/pkey_keys.c x25519_key "$tmp/x25519.src"
from data/pkey_more.c ffdh2048_key "$tmp/dh2048.src"

trad="rsa2048:RSA ec_p256:EC dsa2048:DSA"
names="rsa2048 ec_p256 dsa2048 ed25519 x25519 dh2048"
for n in $names; do
    k=$tmp/$n
    openssl pkey -inform DER -in "$k.src" -outform PEM -out "$k.pem_pkcs8"
    # pkey writes RSA, EC and DSA keys in their traditional DER: pkcs8 -topk8 for PKCS#8
    openssl pkcs8 -topk8 -nocrypt -inform DER -in "$k.src" -outform DER -out "$k.der_pkcs8"
    openssl pkey -inform DER -in "$k.src" -pubout -outform DER -out "$k.der_pubkey"
    openssl pkey -inform DER -in "$k.src" -pubout -outform PEM -out "$k.pem_pubkey"
    [ "$(label "$k.pem_pkcs8")" = '-----BEGIN PRIVATE KEY-----' ] || die "$n: PEM is not PKCS#8"
    [ "$(label "$k.pem_pubkey")" = '-----BEGIN PUBLIC KEY-----' ] || die "$n: not a PUBLIC KEY PEM"
    openssl pkcs8 -nocrypt -inform DER -in "$k.der_pkcs8" -outform PEM -out "$k.check" 2>/dev/null ||
        die "$n: the DER is not PKCS#8"
    same "$k.check" "$k.pem_pkcs8" || die "$n: PKCS#8 PEM and DER differ"
done
for t in $trad; do
    n=${t%%:*} k=$tmp/${t%%:*}
    openssl pkey -inform DER -in "$k.src" -traditional -outform PEM -out "$k.pem_trad"
    openssl pkey -inform DER -in "$k.src" -outform DER -out "$k.der_trad"
    [ "$(label "$k.pem_trad")" = "-----BEGIN ${t#*:} PRIVATE KEY-----" ] || die "$n: PEM is not ${t#*:}'s own form"
    same "$k.der_trad" "$k.src" || die "$n: the traditional DER is not the fixed key"
done
same "$tmp/ed25519.der_pkcs8" "$tmp/ed25519.src" || die "ed25519: PKCS#8 DER is not the fixed key"
same "$tmp/x25519.der_pkcs8" "$tmp/x25519.src" || die "x25519: PKCS#8 DER is not the fixed key"
same "$tmp/dh2048.der_pkcs8" "$tmp/dh2048.src" || die "dh2048: PKCS#8 DER is not the fixed key"
# Every private encoding, and the PEM public key, read back to the one public key.
for n in $names; do
    k=$tmp/$n
    for f in pem_pkcs8 der_pkcs8 pem_trad der_trad; do
        [ -e "$k.$f" ] || continue
        form=PEM
        [ "${f%%_*}" = der ] && form=DER
        openssl pkey -inform "$form" -in "$k.$f" -pubout -outform DER -out "$k.check"
        same "$k.check" "$k.der_pubkey" || die "$n: $f gives another public key"
    done
    openssl pkey -pubin -in "$k.pem_pubkey" -outform DER -out "$k.check"
    same "$k.check" "$k.der_pubkey" || die "$n: the PEM public key is another"
done
openssl pkey -inform DER -in "$tmp/dh2048.src" -text -noout | grep -q 'GROUP: ffdhe2048' ||
    die "dh2048: the key is not in group ffdhe2048"

formats="pem_pkcs8 der_pkcs8 pem_trad der_trad der_pubkey pem_pubkey"
{
    banner
    printf ' * Every encoding the pkeyread-* workloads decode of their fixed keys (the\n'
    printf ' * keys of rsa_keys.c, pkey_keys.c, pkey_more.c).  Test keys only. */\n'
    printf '#include "pkeyread_keys.h"\n\n#include <stddef.h>\n\n'
    for n in $names; do
        # shellcheck disable=SC2086 # the format list is split on purpose
        arrays "$n" $formats
    done
    for n in $names; do
        printf 'const pkeyread_key pkr_%s = {{\n' "$n"
        for f in $formats; do printf '    {%s},\n' "$(part "$n" "$f")"; done
        printf '}};\n'
    done
} >"$out.tmp"
written "$out"
