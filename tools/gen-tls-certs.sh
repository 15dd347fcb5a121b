#!/bin/sh
# Regenerates data/tls_certs.c: the certificates and keys the TLS workloads'
# servers present, made with the system `openssl` command line tool.
#
#   OPENSSL=builds/install/3.5.7/bin/openssl tools/gen-tls-certs.sh [output.c]
#                                          (default data/tls_certs.c)
#
# OPENSSL is an `openssl` command of 3.5 or later (ML-DSA; `make build-3.5.7
# APPS=1` makes one); the default, `openssl`, must then be one.
#
# One self-signed certificate per key type, valid from 2000 to 2126 (the
# client trusts it as its own anchor and verifies it in every full
# handshake, as a real client verifies its server), SHA-256
# signatures (Ed25519, ML-DSA-65: their own).  Keys as PKCS#8 DER, which
# d2i_AutoPrivateKey reads from 0.9.8 on.  Each pair is checked:
# the certificate verifies against itself and matches its key.  Running this
# again makes NEW keys: the output is committed.
set -eu
# shellcheck source-path=SCRIPTDIR
. "$(dirname "$0")/gen-lib.sh"

out=${1:-data/tls_certs.c}
OPENSSL=${OPENSSL:-openssl}
needs "$OPENSSL" xxd
tmpdir
# every openssl below is this one (banner included)
openssl() { "$OPENSSL" "$@"; }
openssl list -signature-algorithms 2>/dev/null | grep -qi 'ML-DSA-65' \
    || die "$OPENSSL has no ML-DSA-65: use an openssl of 3.5 or later (OPENSSL=...)"

# A one-certificate CA (`openssl ca -selfsign`): the only way 3.0's CLI sets
# a start date, backdated so that a machine whose clock is behind accepts it.
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
commonName = supplied
[ext]
basicConstraints = critical,CA:true
[req]
distinguished_name = dn
[dn]
EOC

# cert NAME GENPKEY-ARGS...: $tmp/NAME.cert and $tmp/NAME.key (NAME a C word)
cert() {
    name=$1
    shift
    : >"$tmp/index.txt"
    echo 01 >"$tmp/serial"
    openssl genpkey "$@" -out "$tmp/$name.pem" 2>/dev/null
    openssl pkey -in "$tmp/$name.pem" -outform DER -out "$tmp/$name.key"
    OPENSSL_CONF=$tmp/ca.cnf openssl req -new -key "$tmp/$name.pem" \
        -subj "/CN=osslbench TLS $name" -out "$tmp/$name.csr"
    openssl ca -batch -config "$tmp/ca.cnf" -selfsign -keyfile "$tmp/$name.pem" \
        -in "$tmp/$name.csr" -startdate 20000101000000Z -enddate 21260101000000Z \
        -extensions ext -notext -out "$tmp/$name.crt" 2>/dev/null
    openssl x509 -in "$tmp/$name.crt" -outform DER -out "$tmp/$name.cert"
    openssl verify -CAfile "$tmp/$name.crt" "$tmp/$name.crt" >/dev/null || die "$name: does not verify"
    [ "$(openssl x509 -in "$tmp/$name.crt" -noout -pubkey)" = "$(openssl pkey -in "$tmp/$name.pem" -pubout)" ] \
        || die "$name: certificate and key differ"
}

cert rsa2048 -algorithm RSA -pkeyopt rsa_keygen_bits:2048
cert ecdsa_p256 -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -pkeyopt ec_param_enc:named_curve
cert ed25519 -algorithm ED25519
cert mldsa65 -algorithm ML-DSA-65

{
    banner
    printf ' * Certificates and keys of the TLS workloads (tools/gen-tls-certs.sh).\n'
    printf ' * Test keys only. */\n#include "tls_certs.h"\n\n'
    for n in rsa2048 ecdsa_p256 ed25519 mldsa65; do arrays "$n" cert key; done
    printf 'const tls_cert tls_certs[] = {\n'
    printf '    {"rsa2048", %s, %s},\n' "$(part rsa2048 cert)" "$(part rsa2048 key)"
    printf '    {"ecdsa-p256", %s, %s},\n' "$(part ecdsa_p256 cert)" "$(part ecdsa_p256 key)"
    printf '    {"ed25519", %s, %s},\n' "$(part ed25519 cert)" "$(part ed25519 key)"
    printf '    {"mldsa65", %s, %s},\n' "$(part mldsa65 cert)" "$(part mldsa65 key)"
    printf '};\nconst size_t tls_cert_count = sizeof tls_certs / sizeof tls_certs[0];\n'
} >"$out.tmp"
written "$out"
