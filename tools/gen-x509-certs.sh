#!/bin/sh
# Regenerates data/x509_certs.c: the certificates of the x509-* workloads,
# made and checked with the system `openssl` command line tool.
#
#   tools/gen-x509-certs.sh [output.c]        (default data/x509_certs.c)
#
# A small PKI as a web server or a client presents it:
#   root          RSA-4096 (rsa_keys.c), self-signed, CA
#   intermediate  RSA-2048 (rsa_keys.c), issued by the root, CA pathlen 0,
#                 CRL DP and AIA
#   leaf-rsa2048  RSA-2048 (tls_certs.c's key), issued by the intermediate:
#                 SAN, key usage, EKU, AKI/SKI, basic constraints, CRL DP,
#                 AIA (OCSP + CA issuers), certificate policies
#   leaf-ec-p256  the same with the ECDSA P-256 key of tls_certs.c (signed by
#                 the RSA intermediate, as CAs issue ECDSA leaves under RSA)
#   store         143 self-signed CA certificates of distinct names, all of
#                 one Ed25519 key (pkey_keys.c's): with the intermediate,
#                 the 144 certificates of Debian's CA bundle, the store
#                 perftools' x509storeissuer loads (X509_STORE_set_default_paths)
# Every key is one already committed under data/ and every signature is
# RSA PKCS#1 v1.5 or Ed25519, both deterministic, with fixed serials and
# dates (2020 to 2126): running this again writes the same file.  Checked:
# both leaves verify up to the root at the workloads' fixed time and not
# without the intermediate; the subject and serial DER written are those of
# the certificate (the intermediate's subject is the leaves' issuer).
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

out=${1:-data/x509_certs.c}
needs openssl xxd awk dd
tmpdir
store_count=143
# The verification time of the workloads: 2030-01-01 00:00:00 UTC.
check_time=1893456000

# key NAME FILE ARRAY: $tmp/NAME.pem from the DER array ARRAY of data/FILE
key() {
    inc_hex "data/$2" "static const unsigned char $3" | xxd -r -p >"$tmp/$1.der"
    [ -s "$tmp/$1.der" ] || die "no array $3 in data/$2"
    openssl pkey -inform DER -in "$tmp/$1.der" -out "$tmp/$1.pem"
}
key root rsa_keys.c der4096
key intermediate rsa_keys.c der2048
key leaf_rsa2048 tls_certs.c rsa2048_key
key leaf_ec_p256 tls_certs.c ecdsa_p256_key
key store pkey_keys.c ed25519_key

url=http://pki.osslbench.example
cat >"$tmp/ca.cnf" <<EOC
[ca]
default_ca = d
[d]
database = $tmp/index.txt
new_certs_dir = $tmp
serial = $tmp/serial
default_md = default
policy = p
unique_subject = no
[p]
countryName = optional
organizationName = optional
commonName = supplied
[req]
distinguished_name = dn
[dn]
[root]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[intermediate]
basicConstraints = critical,CA:true,pathlen:0
keyUsage = critical,digitalSignature,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
crlDistributionPoints = URI:$url/root.crl
authorityInfoAccess = caIssuers;URI:$url/root.crt
[leaf]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature,keyEncipherment
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:www.osslbench.example,DNS:osslbench.example,DNS:api.osslbench.example
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
crlDistributionPoints = URI:$url/intermediate.crl
authorityInfoAccess = OCSP;URI:$url/ocsp,caIssuers;URI:$url/intermediate.crt
certificatePolicies = 2.23.140.1.2.2
[leaf_ec]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:www.osslbench.example,DNS:osslbench.example,DNS:api.osslbench.example
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
crlDistributionPoints = URI:$url/intermediate.crl
authorityInfoAccess = OCSP;URI:$url/ocsp,caIssuers;URI:$url/intermediate.crt
certificatePolicies = 2.23.140.1.2.2
EOC

# issue NAME SUBJECT EXTENSIONS SERIAL START [ISSUER]: $tmp/NAME.crt (PEM)
# and $tmp/NAME.cert (DER) of key NAME (store*: the store key), signed by
# ISSUER's key, else self-signed, valid from START to 2126
issue() {
    _name=$1 _subj=$2 _ext=$3 _serial=$4 _start=$5 _key=$1
    case $1 in store*) _key=store ;; esac
    if [ $# -gt 5 ]; then set -- -cert "$tmp/$6.crt" -keyfile "$tmp/$6.pem"; else set -- -selfsign -keyfile "$tmp/$_key.pem"; fi
    : >"$tmp/index.txt"
    echo "$_serial" >"$tmp/serial"
    OPENSSL_CONF=$tmp/ca.cnf openssl req -new -key "$tmp/$_key.pem" -subj "$_subj" -out "$tmp/$_name.csr"
    openssl ca -batch -config "$tmp/ca.cnf" -preserveDN -notext "$@" -in "$tmp/$_name.csr" \
        -startdate "$_start" -enddate 21260101000000Z -extensions "$_ext" \
        -out "$tmp/$_name.crt" 2>/dev/null || die "$_name: openssl ca failed"
    openssl x509 -in "$tmp/$_name.crt" -outform DER -out "$tmp/$_name.cert"
}

issue root "/C=XX/O=osslbench PKI/CN=osslbench X.509 Root CA" root 01 20200101000000Z
issue intermediate "/C=XX/O=osslbench PKI/CN=osslbench X.509 Intermediate CA" intermediate 1000 \
    20200101000000Z root
issue leaf_rsa2048 "/C=XX/O=osslbench/CN=www.osslbench.example" leaf \
    4f1c7b9a2d6e80355ce3b1a7092f6d41 20250101000000Z intermediate
issue leaf_ec_p256 "/C=XX/O=osslbench/CN=www.osslbench.example" leaf_ec \
    6a03d95e17c42bf8e0947b3c5d1a28e6 20250101000000Z intermediate

# The store's other certificates: names that vary from their first RDN on,
# as a CA bundle's do.
countries='US DE FR GB JP CN ES IT NL CH BE PL TW KR HU'
i=1
while [ "$i" -le "$store_count" ]; do
    # shellcheck disable=SC2086 # the list's words
    set -- $countries
    shift $((i * 7 % $#))
    nnn=$(printf '%03d' "$i")
    issue "store$nnn" "/C=$1/O=osslbench Trust Services $nnn/CN=osslbench Store Root CA $nnn" root \
        "$(printf '%04x' $((i + 8192)))" 20200101000000Z
    i=$((i + 1))
done

# der_part FILE N: the hex of the Nth element at depth 2 of the DER in FILE
# (in a certificate: the fields of tbsCertificate, 2 serial, 4 issuer, 6 subject)
der_part() {
    # shellcheck disable=SC2046 # offset, header length, length
    set -- "$1" $(openssl asn1parse -inform DER -in "$1" |
        sed -n 's/^ *\([0-9]*\):d=2 *hl= *\([0-9]*\) *l= *\([0-9]*\) .*/\1 \2 \3/p' | sed -n "${2}p")
    [ $# -eq 4 ] || die "$1: no such element"
    dd if="$1" bs=1 skip="$2" count=$(($3 + $4)) 2>/dev/null | xxd -p | tr -d '\n'
}

for leaf in leaf_rsa2048 leaf_ec_p256; do
    openssl verify -attime "$check_time" -CAfile "$tmp/root.crt" -untrusted "$tmp/intermediate.crt" \
        "$tmp/$leaf.crt" >/dev/null || die "$leaf: does not verify"
    if openssl verify -attime "$check_time" -CAfile "$tmp/root.crt" "$tmp/$leaf.crt" >/dev/null 2>&1; then
        die "$leaf: verifies without the intermediate"
    fi
    [ "$(der_part "$tmp/$leaf.cert" 4)" = "$(der_part "$tmp/intermediate.cert" 6)" ] ||
        die "$leaf: its issuer is not the intermediate's subject"
    serial=$(openssl x509 -in "$tmp/$leaf.crt" -noout -serial | tr 'A-F' 'a-f')
    [ "$(der_part "$tmp/$leaf.cert" 2)" = "0210${serial#serial=}" ] || die "$leaf: serial DER differs"
    der_part "$tmp/$leaf.cert" 6 >"$tmp/$leaf.subject"
    der_part "$tmp/$leaf.cert" 2 >"$tmp/$leaf.serial"
done
[ "$(openssl x509 -in "$tmp/leaf_ec_p256.crt" -noout -pubkey)" = "$(openssl pkey -in "$tmp/leaf_ec_p256.pem" -pubout)" ] ||
    die "leaf_ec_p256: certificate and key differ"
cat "$tmp"/store*.crt "$tmp/intermediate.crt" >"$tmp/store.pem"
[ "$(grep -c 'BEGIN CERTIFICATE' "$tmp/store.pem")" -eq $((store_count + 1)) ] || die "store: certificates missing"

# pem NAME: the PEM of $tmp/NAME.crt as the C string NAME_pem
pem() {
    printf 'static const char %s_pem[] =\n' "$1"
    sed 's/.*/    "&\\n"/' "$tmp/$1.crt"
    printf '    ;\n\n'
}

{
    banner
    printf ' * The certificates of the x509-* workloads (tools/gen-x509-certs.sh).\n'
    printf ' * Test certificates only. */\n#include "x509_certs.h"\n\n'
    printf 'const int64_t x509_check_time = %s; /* 2030-01-01 00:00:00 UTC */\n\n' "$check_time"
    for n in root intermediate leaf_rsa2048 leaf_ec_p256; do carray "${n}_der" "$tmp/$n.cert"; done
    pem leaf_rsa2048
    pem leaf_ec_p256
    for n in leaf_rsa2048 leaf_ec_p256; do
        hexstring "${n}_subject" "$(cat "$tmp/$n.subject")"
        hexstring "${n}_serial" "$(cat "$tmp/$n.serial")"
        printf '\n'
    done
    printf 'const x509_cert x509_root = {root_der, sizeof root_der, NULL, NULL, NULL};\n'
    printf 'const x509_cert x509_intermediate = {intermediate_der, sizeof intermediate_der, NULL, NULL, NULL};\n'
    for n in leaf_rsa2048 leaf_ec_p256; do
        printf 'const x509_cert x509_%s = {%s_der, sizeof %s_der, %s_pem, %s_subject, %s_serial};\n' \
            "$n" "$n" "$n" "$n" "$n" "$n"
    done
    printf '\n/* The store'"'"'s other certificates (DER, hex), in the order they are added. */\n'
    printf 'const char *const x509_store_certs[] = {\n'
    for f in "$tmp"/store[0-9]*.cert; do
        xxd -p "$f" | tr -d '\n' | fold -w 96 | sed 's/.*/    "&"/'
        printf '    ,\n'
    done
    printf '};\nconst size_t x509_store_cert_count = sizeof x509_store_certs / sizeof x509_store_certs[0];\n'
} >"$out.tmp"
written "$out"
