#!/bin/sh
# Regenerates data/pkeyread_keys.c: every encoding the pkeyread-* workloads
# decode of their fixed keys, made and checked with the system `openssl`
# command line tool, and for ML-KEM and ML-DSA with a 3.5+ one.  No new
# key: each is a fixed key the signing and key exchange lines already use,
# read back out of its generated file, so one key is one key across the
# workloads.
#
#   [OPENSSL_35=DIR/bin/openssl] tools/gen-pkeyread-keys.sh [output.c]
#                                             (default data/pkeyread_keys.c)
#
#   rsa2048   data/rsa_keys.c der2048 (PKCS#1)
#   ec_p256   data/pkey_keys.c ecdsa_p256_key (SEC1, named curve)
#   dsa2048   data/pkey_keys.c dsa2048_key (DSAPrivateKey)
#   ed25519   data/pkey_keys.c ed25519_key (PKCS#8, RFC 8032 TEST 2)
#   x25519    data/pkey_keys.c x25519_key (PKCS#8, RFC 7748 Alice)
#   dh2048    data/pkey_more.c ffdh2048_key (PKCS#8, group ffdhe2048)
#   mlkem768  data/pq_keys.c mlkem768_dk (FIPS 203 dk, KAT vector 0)
#   mldsa65   data/pq_keys.c mldsa65_sk (FIPS 204 sk, ACVP ML_DSA_65_35)
# Each gets PKCS#8 (PEM "PRIVATE KEY" and DER), SubjectPublicKeyInfo (DER
# and PEM "PUBLIC KEY") and, for RSA, EC and DSA, the traditional form
# ("RSA PRIVATE KEY" ... and its DER).  Every private encoding must give the
# one public key, and the traditional DER must be the source's bytes.
#
# ML-KEM and ML-DSA need OPENSSL_35, the `openssl` of a 3.5 or later build
# (its libraries are taken from DIR/lib or DIR/lib64: `make builds
# RELEASES=3.5.7 APPS=1` makes one).  Their fixed keys are the expanded
# private keys alone (no seed), so their PKCS#8 is the "priv-only" form
# (the privateKey OCTET STRING holds the key as an OCTET STRING), built by
# asn1parse and written back byte for byte by the 3.5 CLI; the ML-KEM public
# key must be the ek inside dk, and the ML-DSA one must verify the ACVP
# signature.  Without OPENSSL_35 these two keys' encodings are copied
# unchanged from the output file as it is (with the line naming the release
# that made them), and every other key is made again.
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

pq="mlkem768:ML-KEM-768:mlkem768_dk mldsa65:ML-DSA-65:mldsa65_sk"
# pq's NAME fields (NAME:ALGORITHM:ARRAY), for the loops that write or keep the arrays
pq_names=$(for t in $pq; do printf '%s ' "${t%%:*}"; done)
pq_line=' * ML-KEM-768 and ML-DSA-65 with'
# o35 ARG...: the 3.5+ CLI on its own libraries (the system openssl keeps its own)
o35() {
    LD_LIBRARY_PATH=$pq_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$OPENSSL_35" "$@"
}
# hexof FILE NAME: the hex text of "const char NAME[] = "..." ...;" of FILE
hexof() {
    awk -v n="const char $2[] =" '$0 == n {f = 1; next} f {e = /;$/; gsub(/[ ";]/, ""); printf "%s", $0; if (e) exit}' "$1"
}
if [ -n "${OPENSSL_35:-}" ]; then
    [ -x "$OPENSSL_35" ] || die "OPENSSL_35: $OPENSSL_35 is not an executable"
    d=$(dirname "$OPENSSL_35")/..
    pq_libs=$d/lib:$d/lib64
    v=$(o35 version) || die "OPENSSL_35: $OPENSSL_35 does not run"
    printf '%s' "$v" | awk '{split($2, r, "."); ok = $1 == "OpenSSL" && r[1] * 100 + r[2] >= 305; exit} END {exit !ok}' ||
        die "OPENSSL_35: needs OpenSSL 3.5 or later, not '$v'"
    pq_made="$pq_line $(printf '%s' "$v" | cut -d' ' -f1-2) (OPENSSL_35)."
    for t in $pq; do
        n=${t%%:*} alg=${t#*:} alg=${alg%%:*} k=$tmp/${t%%:*}
        hex=$(hexof data/pq_keys.c "${t##*:}")
        [ -n "$hex" ] || die "${t##*:} not found in data/pq_keys.c"
        # PrivateKeyInfo {0, {the algorithm's OID}, OCTET STRING {OCTET STRING key}}
        printf 'asn1 = SEQUENCE:pk8\n[pk8]\nversion = INTEGER:0\nalg = SEQUENCE:alg\n' >"$k.conf"
        printf 'key = OCTWRAP,FORMAT:HEX,OCTETSTRING:%s\n[alg]\noid = OID:%s\n' "$hex" "$alg" >>"$k.conf"
        o35 asn1parse -genconf "$k.conf" -noout -out "$k.src" >/dev/null
        o35 pkey -inform DER -in "$k.src" -outform PEM -out "$k.pem_pkcs8"
        o35 pkey -inform DER -in "$k.src" -outform DER -out "$k.der_pkcs8"
        o35 pkey -inform DER -in "$k.src" -pubout -outform DER -out "$k.der_pubkey"
        o35 pkey -inform DER -in "$k.src" -pubout -outform PEM -out "$k.pem_pubkey"
        same "$k.der_pkcs8" "$k.src" || die "$n: $alg does not write back the priv-only PKCS#8 it read"
        o35 pkey -in "$k.pem_pkcs8" -pubout -outform DER -out "$k.check"
        same "$k.check" "$k.der_pubkey" || die "$n: pem_pkcs8 gives another public key"
        o35 pkey -pubin -in "$k.pem_pubkey" -outform DER -out "$k.check"
        same "$k.check" "$k.der_pubkey" || die "$n: the PEM public key is another"
    done
    # ML-KEM-768's dk holds ek (1184 bytes) after its 1152-byte dk_PKE: hex digits
    # 2305-4672; ek ends the SubjectPublicKeyInfo
    hexof data/pq_keys.c mlkem768_dk | cut -c 2305-4672 | xxd -r -p >"$tmp/mlkem768.ek"
    tail -c 1184 "$tmp/mlkem768.der_pubkey" | cmp -s - "$tmp/mlkem768.ek" || die "mlkem768: the public key is not dk's ek"
    hexof data/pq_keys.c mldsa65_msg | xxd -r -p >"$tmp/mldsa65.msg"
    hexof data/pq_keys.c mldsa65_sig | xxd -r -p >"$tmp/mldsa65.sig"
    ctx=$(hexof data/pq_keys.c mldsa65_ctx)
    o35 pkeyutl -verify -rawin -pubin -inkey "$tmp/mldsa65.pem_pubkey" -in "$tmp/mldsa65.msg" \
        -sigfile "$tmp/mldsa65.sig" ${ctx:+-pkeyopt "hexcontext-string:$ctx"} >/dev/null ||
        die "mldsa65: the public key does not verify the ACVP signature"
else
    pq_made=$(grep -m 1 -F "$pq_line" "$out" 2>/dev/null) ||
        die "no ML-KEM/ML-DSA encodings in $out to keep: set OPENSSL_35 to a 3.5+ openssl"
    for n in $pq_names; do
        for f in pem_pkcs8 der_pkcs8 der_pubkey pem_pubkey; do from "$out" "${n}_$f" "$tmp/$n.$f"; done
    done
fi

formats="pem_pkcs8 der_pkcs8 pem_trad der_trad der_pubkey pem_pubkey"
{
    banner
    printf '%s\n' "$pq_made"
    printf ' * Every encoding the pkeyread-* workloads decode of their fixed keys (the\n'
    printf ' * keys of rsa_keys.c, pkey_keys.c, pkey_more.c, pq_keys.c).  Test keys only. */\n'
    printf '#include "pkeyread_keys.h"\n\n#include <stddef.h>\n\n'
    for n in $names $pq_names; do
        # shellcheck disable=SC2086 # the format list is split on purpose
        arrays "$n" $formats
    done
    for n in $names $pq_names; do
        printf 'const pkeyread_key pkr_%s = {{\n' "$n"
        for f in $formats; do printf '    {%s},\n' "$(part "$n" "$f")"; done
        printf '}};\n'
    done
} >"$out.tmp"
written "$out"
