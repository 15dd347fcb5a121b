#!/bin/sh
# Regenerates data/pkey_keys.c: the fixed keys and known answers
# of the ECDSA, DSA, ECDH, X25519 and Ed25519 workloads, produced and checked
# with the system `openssl` command line tool (an implementation independent
# of the library under test).  The other EC curves: tools/gen-ec-curve-vectors.sh.
#
#   tools/gen-pkey-keys.sh [output.c]      (default data/pkey_keys.c)
#
#   ECDSA, DSA    a new random key per line (type-specific DER: SEC1
#                 ECPrivateKey / DSAPrivateKey, which d2i_ECPrivateKey,
#                 d2i_DSAPrivateKey and d2i_PrivateKey parse from 0.9.8 on) and
#                 one signature of SHA-256(rsa_test_msg) made with it (its
#                 first 20 bytes for DSA-1024), verified here twice (pkeyutl
#                 on the digest, dgst on the message).
#   ECDH          NIST CAVP KAS ECC CDH primitive vectors, COUNT = 0 of P-256
#                 and P-384: dIUT + QIUT as the key, QCAVS as the peer
#                 (SubjectPublicKeyInfo), ZIUT as the shared secret.
#   X25519        RFC 7748 section 6.1: Alice's private key, Bob's public key.
#   Ed25519       RFC 8032 section 7.1, TEST 2 (one-byte message 0x72).
# The vectors are checked by deriving / signing them again with the CLI.
# Running this again makes NEW random ECDSA/DSA keys: the output is committed.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

out=${1:-data/pkey_keys.c}
needs openssl xxd
tmpdir

printf '%s' "$rsa_test_msg" >"$tmp/msg"
openssl dgst -sha256 -binary -out "$tmp/digest" "$tmp/msg"
[ "$(xxd -p -c 64 "$tmp/digest")" = "$rsa_test_digest" ] || die "SHA-256 of the message is not rsa_test_digest"

# name: a random key for "genpkey ARGS" and a signature of the digest
# ($tmp/NAME.msg instead when that exists).
signing_key() {
    name=$1 tool=$2 in=$tmp/digest
    shift 2
    [ -e "$tmp/$name.msg" ] && in=$tmp/$name.msg
    openssl genpkey "$@" -out "$tmp/$name.pem" 2>/dev/null
    openssl "$tool" -in "$tmp/$name.pem" -outform DER -out "$tmp/$name.key" 2>/dev/null
    openssl pkey -in "$tmp/$name.pem" -pubout -out "$tmp/$name.pub"
    openssl pkeyutl -sign -inkey "$tmp/$name.pem" -in "$in" -out "$tmp/$name.sig"
    openssl pkeyutl -verify -inkey "$tmp/$name.pem" -in "$in" \
        -sigfile "$tmp/$name.sig" >/dev/null || die "$name: signature does not verify"
    openssl dgst -sha256 -verify "$tmp/$name.pub" -signature "$tmp/$name.sig" \
        "$tmp/msg" >/dev/null || die "$name: dgst -verify rejects the signature"
}

for c in p256:P-256 p384:P-384 p521:P-521 k283:sect283k1 b283:sect283r1; do
    signing_key "ecdsa_${c%%:*}" ec -algorithm EC -pkeyopt "ec_paramgen_curve:${c#*:}" \
        -pkeyopt ec_param_enc:named_curve
    openssl ec -inform DER -in "$tmp/ecdsa_${c%%:*}.key" -check -noout 2>/dev/null ||
        die "${c#*:}: key check failed"
done
# DSA-1024 (160-bit q) signs the digest's leftmost 160 bits: what FIPS 186-3
# truncation signs (dgst -verify below checks that), and all 0.9.8 accepts.
head -c 20 "$tmp/digest" >"$tmp/dsa1024.msg"
for d in 1024:160 2048:256; do
    openssl genpkey -genparam -algorithm DSA -pkeyopt "dsa_paramgen_bits:${d%%:*}" \
        -pkeyopt "dsa_paramgen_q_bits:${d#*:}" -out "$tmp/dsa${d%%:*}.param" 2>/dev/null
    signing_key "dsa${d%%:*}" dsa -paramfile "$tmp/dsa${d%%:*}.param"
done

# ecdh_vector NAME CURVE d QIUT(04|x|y) QCAVS(04|x|y) Z
ecdh_vector() {
    name=$1
    printf 'asn1=SEQUENCE:k\n[k]\nv=INTEGER:1\nd=FORMAT:HEX,OCTETSTRING:%s\n' "$3" >"$tmp/$name.cnf"
    printf 'c=EXPLICIT:0,OID:%s\nq=EXPLICIT:1,FORMAT:HEX,BITSTRING:%s\n' "$2" "$4" >>"$tmp/$name.cnf"
    printf 'asn1=SEQUENCE:s\n[s]\na=SEQUENCE:a\nq=FORMAT:HEX,BITSTRING:%s\n' "$5" >"$tmp/$name.pcnf"
    printf '[a]\no=OID:id-ecPublicKey\nc=OID:%s\n' "$2" >>"$tmp/$name.pcnf"
    openssl asn1parse -genconf "$tmp/$name.cnf" -noout -out "$tmp/$name.key" >/dev/null
    openssl asn1parse -genconf "$tmp/$name.pcnf" -noout -out "$tmp/$name.peer" >/dev/null
    # -check: QIUT really is dIUT * G
    openssl ec -inform DER -in "$tmp/$name.key" -check -noout 2>/dev/null || die "$name: bad key"
    hex2bin "$6" "$tmp/$name.expect"
    openssl pkeyutl -derive -keyform DER -inkey "$tmp/$name.key" -peerform DER \
        -peerkey "$tmp/$name.peer" -out "$tmp/$name.got"
    same "$tmp/$name.got" "$tmp/$name.expect" || die "$name: derived secret is not ZIUT"
}
ecdh_vector ecdh_p256 prime256v1 \
    7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534 \
    04ead218590119e8876b29146ff89ca61770c4edbbf97d38ce385ed281d8a6b230\
28af61281fd35e2fa7002523acc85a429cb06ee6648325389f59edfce1405141 \
    04700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287\
db71e509e3fd9b060ddb20ba5c51dcc5948d46fbf640dfe0441782cab85fa4ac \
    46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b
ecdh_vector ecdh_p384 secp384r1 \
    3cc3122a68f0d95027ad38c067916ba0eb8c38894d22e1b15618b6818a661774ad463b205da88cf699ab4d43c9cf98a1 \
    049803807f2f6d2fd966cdd0290bd410c0190352fbec7ff6247de1302df86f25d34fe4a97bef60cff548355c015dbb3e5f\
ba26ca69ec2f5b5d9dad20cc9da711383a9dbe34ea3fa5a2af75b46502629ad54dd8b7d73a8abb06a3a3be47d650cc99 \
    04a7c76b970c3b5fe8b05d2838ae04ab47697b9eaf52e764592efda27fe7513272734466b400091adbf2d68c58e0c50066\
ac68f19f2e1cb879aed43a9969b91a0839c4c38a49749b661efedf243451915ed0905a32b060992b468c64766fc8437a \
    5f9d29dc5e31a163060356213669c8ce132e22f57c9a04f40ba7fcead493b457e5621e766c40a2e3d4d6a04b25e533f1

# X25519 / Ed25519 keys as PKCS#8 and SubjectPublicKeyInfo around the raw keys.
hex2bin 302e020100300506032b656e042204207707\
6d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a "$tmp/x25519.key"
hex2bin 302a300506032b656e032100de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f \
    "$tmp/x25519.peer"
hex2bin 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742 "$tmp/x25519.expect"
openssl pkeyutl -derive -keyform DER -inkey "$tmp/x25519.key" -peerform DER \
    -peerkey "$tmp/x25519.peer" -out "$tmp/x25519.got"
same "$tmp/x25519.got" "$tmp/x25519.expect" || die "x25519: RFC 7748 shared secret differs"

hex2bin 302e020100300506032b657004220420\
4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb "$tmp/ed25519.key"
hex2bin 72 "$tmp/ed25519.msg"
hex2bin 92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da\
085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00 "$tmp/ed25519.expect"
openssl pkeyutl -sign -rawin -keyform DER -inkey "$tmp/ed25519.key" -in "$tmp/ed25519.msg" \
    -out "$tmp/ed25519.got"
same "$tmp/ed25519.got" "$tmp/ed25519.expect" || die "ed25519: RFC 8032 signature differs"
openssl pkey -inform DER -in "$tmp/ed25519.key" -pubout -outform DER -out "$tmp/ed25519.pub"
[ "$(xxd -p -c 64 "$tmp/ed25519.pub" | tail -c 65)" = \
    3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c ] ||
    die "ed25519: public key is not RFC 8032's"

names="ecdsa_p256 ecdsa_p384 ecdsa_p521 ecdsa_k283 ecdsa_b283 dsa1024 dsa2048
       ecdh_p256 ecdh_p384 x25519 ed25519"
for n in $names; do [ -e "$tmp/$n.sig" ] && mv "$tmp/$n.sig" "$tmp/$n.expect"; done
{
    banner
    printf ' * Fixed keys and known answers of the ECDSA, DSA, ECDH, X25519 and Ed25519\n'
    printf ' * workloads (the script says where each comes from).  Test keys only. */\n'
    printf '#include "../harness/workloads/pkey_keys.h"\n\n#include <stddef.h>\n\n'
    for n in $names; do arrays "$n" key peer expect msg; done
    for n in $names; do pkv "$n"; done
} >"$out.tmp"
written "$out"
