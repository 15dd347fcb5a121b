#!/bin/sh
# Regenerates data/pkey_more.c: the fixed keys and known answers
# of dsa512, x448, ed448, sm2 and ffdh2048 ... ffdh8192, produced and checked
# with the system `openssl` command line tool and python3 (implementations
# independent of the library under test).
#
#   tools/gen-pkey-more.sh [output.c]      (default data/pkey_more.c)
#
#   DSA-512       a new random key (FIPS 186-2 parameters: a 512-bit p with a
#                 160-bit q, which 3.x makes only when asked for type
#                 fips186_2) and one signature of the first 20 bytes of
#                 SHA-256(rsa_test_msg), as dsa1024's.
#   X448          RFC 7748 section 6.2: Alice's private key, Bob's public key,
#                 the shared secret K.
#   Ed448         RFC 8032 section 7.4, "1 octet" (message 0x03, no context).
#   SM2           GB/T 32918.5-2016 / GM/T 0003.5-2012 Annex A (as OpenSSL's
#                 test/sm2_internal_test.c has it): private key 3945208F...,
#                 message "message digest", the default distinguishing ID
#                 1234567812345678, SM3, and the signature (r, s) of the
#                 standard's fixed nonce, DER-encoded.
#   FFDH          per RFC 7919 group ffdhe2048 ... ffdhe8192 two new random
#                 key pairs (openssl genpkey -pkeyopt group:ffdheN): ours as
#                 PKCS#8, the peer's as SubjectPublicKeyInfo and as the bare
#                 public value (the vector's `msg`: a key exchange signs
#                 nothing); the shared secret computed by python3's pow()
#                 from the integers (peer^ours mod p) and compared with
#                 `openssl pkeyutl -derive`.  A pair whose secret has a
#                 leading zero byte is drawn again, so padded and unpadded
#                 derivations agree.
# Running this again makes NEW random DSA and FFDH keys: the output is committed.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

out=${1:-data/pkey_more.c}
needs openssl xxd python3
tmpdir

# --- DSA-512 -------------------------------------------------------------------
printf '%s' "$rsa_test_msg" >"$tmp/msg"
openssl dgst -sha256 -binary -out "$tmp/digest" "$tmp/msg"
head -c 20 "$tmp/digest" >"$tmp/dsa512.msg"
openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:512 \
    -pkeyopt dsa_paramgen_q_bits:160 -pkeyopt type:fips186_2 -out "$tmp/dsa512.param" 2>/dev/null
# 3.x's key generation refuses a 512-bit p: the key pair is x random in
# [1, q-1] and y = g^x mod p (python3), DSAPrivateKey built by asn1parse.
openssl pkeyparam -in "$tmp/dsa512.param" -text -noout | python3 -c '
import re, secrets, sys
t = sys.stdin.read()
def field(name):
    m = re.search(r"\n\s*" + name + r":\s*\n((?:\s+[0-9a-f:]+\n)+)", t)
    return int(m.group(1).replace(":", "").replace(" ", "").replace("\n", ""), 16)
p, q, g = field("P"), field("Q"), field("G")
assert p.bit_length() == 512 and q.bit_length() == 160
x = secrets.randbelow(q - 1) + 1
print("asn1=SEQUENCE:k\n[k]\nv=INTEGER:0")
for name, v in (("p", p), ("q", q), ("g", g), ("y", pow(g, x, p)), ("x", x)):
    print("%s=INTEGER:0x%x" % (name, v))' >"$tmp/dsa512.cnf"
openssl asn1parse -genconf "$tmp/dsa512.cnf" -noout -out "$tmp/dsa512.key" >/dev/null
openssl pkeyutl -sign -keyform DER -inkey "$tmp/dsa512.key" -in "$tmp/dsa512.msg" \
    -out "$tmp/dsa512.expect"
openssl pkeyutl -verify -keyform DER -inkey "$tmp/dsa512.key" -in "$tmp/dsa512.msg" \
    -sigfile "$tmp/dsa512.expect" >/dev/null || die "dsa512: signature does not verify"

# --- X448 (RFC 7748 6.2) -------------------------------------------------------
hex2bin 3046020100300506032b656f043a0438\
9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b \
    "$tmp/x448.key"
hex2bin 3042300506032b656f033900\
3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609 \
    "$tmp/x448.peer"
hex2bin 07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d \
    "$tmp/x448.expect"
openssl pkeyutl -derive -keyform DER -inkey "$tmp/x448.key" -peerform DER \
    -peerkey "$tmp/x448.peer" -out "$tmp/x448.got"
same "$tmp/x448.got" "$tmp/x448.expect" || die "x448: RFC 7748 shared secret differs"

# --- Ed448 (RFC 8032 7.4, 1 octet) ----------------------------------------------
hex2bin 3047020100300506032b6571043b0439\
c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e \
    "$tmp/ed448.key"
hex2bin 03 "$tmp/ed448.msg"
hex2bin 26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f4352541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cbcee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0ff3348ab21aa4adafd1d234441cf807c03a00 \
    "$tmp/ed448.expect"
openssl pkeyutl -sign -rawin -keyform DER -inkey "$tmp/ed448.key" -in "$tmp/ed448.msg" \
    -out "$tmp/ed448.got"
same "$tmp/ed448.got" "$tmp/ed448.expect" || die "ed448: RFC 8032 signature differs"
openssl pkey -inform DER -in "$tmp/ed448.key" -pubout -outform DER -out "$tmp/ed448.spki"
[ "$(xxd -p -c 100 "$tmp/ed448.spki" | tail -c 115)" = \
    43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480 ] ||
    die "ed448: public key is not RFC 8032's"

# --- SM2 (GB/T 32918.5 Annex A) -------------------------------------------------
d=3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8
r=f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3
s=b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa
printf 'asn1=SEQUENCE:k\n[k]\nv=INTEGER:1\nd=FORMAT:HEX,OCTETSTRING:%s\nc=EXPLICIT:0,OID:SM2\n' \
    "$d" >"$tmp/sm2.cnf"
openssl asn1parse -genconf "$tmp/sm2.cnf" -noout -out "$tmp/sm2.sec1" >/dev/null
# PKCS#8 with the public key (computed by the CLI from d)
openssl pkey -inform DER -in "$tmp/sm2.sec1" -outform DER -out "$tmp/sm2.key"
openssl pkey -inform DER -in "$tmp/sm2.key" -text -noout | grep -q 'ASN1 OID: SM2' ||
    die "sm2: the key is not on the SM2 curve"
printf 'asn1=SEQUENCE:sig\n[sig]\nr=INTEGER:0x%s\ns=INTEGER:0x%s\n' "$r" "$s" >"$tmp/sig.cnf"
openssl asn1parse -genconf "$tmp/sig.cnf" -noout -out "$tmp/sm2.expect" >/dev/null
printf 'message digest' >"$tmp/sm2.msg"
openssl pkeyutl -verify -rawin -digest sm3 -keyform DER -inkey "$tmp/sm2.key" \
    -pkeyopt distid:1234567812345678 -in "$tmp/sm2.msg" -sigfile "$tmp/sm2.expect" >/dev/null ||
    die "sm2: the GB/T 32918.5 signature does not verify"

# --- FFDH (RFC 7919 groups) -----------------------------------------------------
# ints FILE: "priv pub p" of a DH key as hex, from `openssl pkey -text`
ints() {
    openssl pkey -in "$1" -text -noout | python3 -c '
import re, sys
t = sys.stdin.read()
def field(name):
    m = re.search(name + r":\s*\n((?:\s+[0-9a-f:]+\n)+)", t)
    return m.group(1).replace(":", "").replace(" ", "").replace("\n", "")
print(field("private-key"), field("public-key"))'
}
for b in 2048 3072 4096 6144 8192; do
    n=ffdh$b
    for _ in 1 2 3 4 5 6 7 8; do
        openssl genpkey -algorithm DH -pkeyopt "group:ffdhe$b" -out "$tmp/$n.pem"
        openssl genpkey -algorithm DH -pkeyopt "group:ffdhe$b" -out "$tmp/$n.peer.pem"
        openssl pkey -in "$tmp/$n.pem" -text -noout | grep -q "GROUP: ffdhe$b" ||
            die "$n: the key is not in group ffdhe$b"
        openssl pkey -in "$tmp/$n.pem" -outform DER -out "$tmp/$n.key"
        openssl pkey -in "$tmp/$n.peer.pem" -pubout -outform DER -out "$tmp/$n.peer"
        openssl pkeyutl -derive -inkey "$tmp/$n.pem" -peerform DER -peerkey "$tmp/$n.peer" \
            -out "$tmp/$n.cli"
        ours=$(ints "$tmp/$n.pem" | cut -d' ' -f1)
        theirs=$(ints "$tmp/$n.peer.pem" | cut -d' ' -f2)
        p=$(openssl pkey -in "$tmp/$n.pem" -outform DER | openssl asn1parse -inform DER |
            sed -n 's/^ *26:d=3.*INTEGER *://p')
        [ -n "$p" ] || die "$n: no prime in the key's parameters"
        python3 -c '
import sys
x, y, p = (int(v, 16) for v in sys.argv[1:4])
b = int(sys.argv[4])
assert p.bit_length() == b and 1 < y < p - 1
z = pow(y, x, p)
sys.stdout.write("%0*x" % (b // 4, z))' "$ours" "$theirs" "$p" "$b" | xxd -r -p >"$tmp/$n.expect"
        printf '%s' "$theirs" | sed 's/^00//' | xxd -r -p >"$tmp/$n.pub"
        same "$tmp/$n.cli" "$tmp/$n.expect" || continue # a leading zero: the CLI's is shorter
        [ "$(head -c 1 "$tmp/$n.expect" | xxd -p)" != 00 ] && break
    done
    same "$tmp/$n.cli" "$tmp/$n.expect" || die "$n: python3 and openssl pkeyutl disagree"
    [ "$(wc -c <"$tmp/$n.expect")" -eq $((b / 8)) ] || die "$n: secret of the wrong length"
done

names="dsa512 x448 ed448 sm2"
ffdh="ffdh2048 ffdh3072 ffdh4096 ffdh6144 ffdh8192"
{
    banner
    printf ' * Fixed keys and known answers of dsa512, x448, ed448, sm2 and the ffdh\n'
    printf ' * workloads (the script says where each comes from).  Test keys only. */\n'
    printf '#include "../harness/workloads/pkey_more.h"\n\n#include <stddef.h>\n\n'
    for n in $names $ffdh; do arrays "$n" key peer expect msg pub; done
    for n in $names; do pkv "$n"; done
    # a key exchange signs nothing: the ffdh vector's last part is the peer's bare public value
    for n in $ffdh; do pkv "$n" pub; done
} >"$out.tmp"
written "$out"
