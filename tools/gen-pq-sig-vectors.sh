#!/bin/bash
# Regenerates harness/workloads/pq_mldsa_vectors.c and pq_slhdsa_vectors.c: the
# fixed keys and known answers of the ml-dsa-* and slh-dsa-* workloads
# (harness/workloads/pqsig.c).
#
#   ML-DSA-44, -87   NIST ACVP sigGen (FIPS 204), the first deterministic
#                    external (pure) test case of each set without mu or
#                    test entropy (test/recipes/30-test_evp_data/
#                    evppkey_ml_dsa_siggen.txt): raw private key, message,
#                    context string, and the SHA-256 of the signature.
#                    ML-DSA-65's ACVP vector is in pq_keys.c (whole).
#   SLH-DSA          NIST ACVP sigGen (FIPS 205) internal-interface vectors
#                    where OpenSSL's test/slh_dsa.inc has a deterministic one
#                    (SHA2-128s, SHA2-256f, SHAKE-128s, SHAKE-256f: private
#                    key, message, SHA-256 of the signature); for the other
#                    eight sets no published deterministic vector exists in
#                    the tree, so the key is made from a fixed seed (SHA-512
#                    of "osslbench <set> seed", cut to 3n bytes) and its
#                    deterministic pure signature of a fixed message (SHA-256
#                    of "osslbench <set> message") made, verified and a
#                    flipped bit rejected by LIBCRYPTO, a 3.5+ build, through
#                    build/tools/pq-sign (make pq-sign).
#
#   tools/gen-pq-sig-vectors.sh OPENSSL_SOURCE_DIR LIBCRYPTO [output-dir]
# e.g. tools/gen-pq-sig-vectors.sh /tmp/openssl-3.5.7 builds/install/3.5.7/lib/libcrypto.so.3
set -euo pipefail

src=${1:?usage: $0 OPENSSL_SOURCE_DIR LIBCRYPTO [output-dir]}
lib=${2:?usage: $0 OPENSSL_SOURCE_DIR LIBCRYPTO [output-dir]}
dir=${3:-harness/workloads}
die() { echo "$0: $*" >&2; exit 1; }
siggen=$src/test/recipes/30-test_evp_data/evppkey_ml_dsa_siggen.txt inc=$src/test/slh_dsa.inc
if ! { [ -r "$siggen" ] && [ -r "$inc" ]; }; then die "$src has no ML-DSA / SLH-DSA test data (needs 3.5+)"; fi
command -v xxd >/dev/null || die "needs xxd"
pqsign=${PQ_SIGN:-build/tools/pq-sign}
[ -x "$pqsign" ] || die "no $pqsign (make pq-sign)"

sha256_of_hex() { printf '%s' "$1" | xxd -r -p | sha256sum | cut -c1-64; }
hexstring() {
    printf 'static const char %s[] =\n' "$1"
    if [ -z "$2" ]; then printf '    ""'; else printf '%s' "$2" | fold -w 64 | sed 's/.*/    "&"/'; fi
    printf ';\n'
}
# vector ID ALG KEY MSG CTX SHA INTERNAL SOURCE: one pq_sig_vector
vector() {
    printf '\n/* %s: %s */\n' "$2" "$8"
    hexstring "$1_key" "$3"
    hexstring "$1_msg" "$4"
    hexstring "$1_ctx" "$5"
    printf 'static const pq_sig_vector %s = {\n    "%s", %s_key, %s_msg, %s_ctx, NULL,\n' "$1" "$2" "$1" "$1" "$1"
    printf '    "%s", %s,\n    "%s"};\n' "$6" "$7" "$8"
}

# ML-DSA from ACVP: mldsa SET
mldsa() {
    local tc block sk msg sig ctx
    tc=$(awk -v a="ML-DSA-$1" '
        $1 == "Sign-Message" { split($3, p, ":"); cur = (p[1] == a) ? p[2] : ""; det = 0; bad = 0; next }
        cur != "" && /^Ctrl = deterministic:1$/ { det = 1 }
        cur != "" && $1 == "Input" && length($3) > 128 { bad = 1 }
        cur != "" && /^Ctrl = (mu|hexmu|test-entropy|hextest-entropy|message-encoding:0)/ { bad = 1 }
        cur != "" && /^$/ { if (det && !bad) { print cur; exit } cur = "" }' "$siggen")
    [ -n "$tc" ] || die "ML-DSA-$1: no deterministic ACVP case"
    sk=$(awk -v t="PrivateKeyRaw = $tc:" 'index($0, t) == 1 {split($3, a, ":"); print tolower(a[3]); exit}' "$siggen")
    block=$(awk -v t="Sign-Message = ML-DSA-$1:$tc" '$0 == t {f = 1; next} f && /^$/ {exit} f' "$siggen")
    msg=$(awk '$1 == "Input" {print tolower($3)}' <<<"$block")
    sig=$(awk '$1 == "Output" {print tolower($3)}' <<<"$block")
    ctx=$(sed -n 's/^Ctrl = hexcontext-string://p' <<<"$block" | tr 'A-F' 'a-f')
    if ! { [ -n "$sk" ] && [ -n "$sig" ]; }; then die "ML-DSA-$1: $tc is incomplete"; fi
    vector "mldsa$1" "ML-DSA-$1" "$sk" "$msg" "$ctx" "$(sha256_of_hex "$sig")" false "NIST ACVP sigGen $tc"
}

# A C array of slh_dsa.inc as hex: carray NAME
carray() {
    awk -v n="static const uint8_t $1[] = {" 'index($0, n) == 1 {f = 1; $0 = substr($0, length(n) + 1)} f {end = /};/; sub(/};.*/, ""); print; if (end) exit}' "$inc" |
        grep -o '0[xX][0-9a-fA-F][0-9a-fA-F]' | sed 's/^0[xX]//' | tr -d '\n' | tr 'A-F' 'a-f'
}
# SLH-DSA from slh_dsa.inc: slh_acvp ID ALG
slh_acvp() {
    local base priv msg sha
    base=$(tr 'A-Z-' 'a-z_' <<<"$2")_0
    priv=$(carray "${base}_priv") msg=$(carray "${base}_msg") sha=$(carray "${base}_sig_digest")
    if ! { [ -n "$priv" ] && [ ${#sha} -eq 64 ]; }; then die "$2: no vector in slh_dsa.inc"; fi
    vector "$1" "$2" "$priv" "$msg" "" "$sha" true "NIST ACVP sigGen (internal interface), OpenSSL test/slh_dsa.inc"
}
# SLH-DSA made by LIBCRYPTO: slh_made ID ALG N
slh_made() {
    local seed msg made priv sha
    seed=$({ printf 'osslbench %s seed' "$2" | sha512sum; printf 'osslbench %s seed 2' "$2" | sha512sum; } |
        cut -c1-128 | tr -d '\n' | cut -c1-$(($3 * 6)))
    msg=$(printf 'osslbench %s message' "$2" | sha256sum | cut -c1-64)
    made=$("$pqsign" "$lib" "$2" "$seed" "$msg") || die "$2: pq-sign failed"
    priv=$(sed -n 's/^priv=//p' <<<"$made") sha=$(sed -n 's/^sig_sha256=//p' <<<"$made")
    if ! { [ ${#priv} -eq $(($3 * 8)) ] && [ ${#sha} -eq 64 ]; }; then die "$2: unexpected sizes"; fi
    [ "${priv:0:$(($3 * 6))}" = "$seed" ] || die "$2: the key is not the seed's"
    vector "$1" "$2" "$priv" "$msg" "" "$sha" false "made by OpenSSL $(sed -n 's/^version=//p' <<<"$made") (tools/gen-pq-sig-vectors.sh)"
}

header() {
    printf '/* GENERATED by tools/gen-pq-sig-vectors.sh -- do not edit.  Known answers\n'
    printf ' * of the %s workloads; each says where it is from. */\n' "$1"
    printf '#include "pq.h"\n'
}
out=$dir/pq_mldsa_vectors.c
{
    header ML-DSA
    printf '#include "pq_keys.h"\n'
    mldsa 44
    mldsa 87
    cat <<'C'

static const pq_sig_vector mldsa65 = {"ML-DSA-65", mldsa65_sk, mldsa65_msg, mldsa65_ctx,
                                      mldsa65_sig, NULL, false,
                                      "NIST ACVP sigGen ML_DSA_65_35"};

const pq_sig_vector *const pq_mldsa_vectors[] = {&mldsa44, &mldsa65, &mldsa87, NULL};
C
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
out=$dir/pq_slhdsa_vectors.c
{
    header SLH-DSA
    slh_acvp slh_sha2_128s SLH-DSA-SHA2-128s
    slh_made slh_sha2_128f SLH-DSA-SHA2-128f 16
    slh_made slh_sha2_192s SLH-DSA-SHA2-192s 24
    slh_made slh_sha2_192f SLH-DSA-SHA2-192f 24
    slh_made slh_sha2_256s SLH-DSA-SHA2-256s 32
    slh_acvp slh_sha2_256f SLH-DSA-SHA2-256f
    slh_acvp slh_shake_128s SLH-DSA-SHAKE-128s
    slh_made slh_shake_128f SLH-DSA-SHAKE-128f 16
    slh_made slh_shake_192s SLH-DSA-SHAKE-192s 24
    slh_made slh_shake_192f SLH-DSA-SHAKE-192f 24
    slh_made slh_shake_256s SLH-DSA-SHAKE-256s 32
    slh_acvp slh_shake_256f SLH-DSA-SHAKE-256f
    cat <<'C'

const pq_sig_vector *const pq_slhdsa_vectors[] = {
    &slh_sha2_128s, &slh_sha2_128f, &slh_sha2_192s, &slh_sha2_192f, &slh_sha2_256s,
    &slh_sha2_256f, &slh_shake_128s, &slh_shake_128f, &slh_shake_192s, &slh_shake_192f,
    &slh_shake_256s, &slh_shake_256f, NULL,
};
C
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
