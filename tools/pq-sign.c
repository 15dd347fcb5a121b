/* pq-sign: makes a known answer for a signature scheme of 3.5+ (ML-DSA,
 * SLH-DSA) where no published deterministic vector exists: the key from a
 * seed (key generation with "seed"), its deterministic pure signature of a
 * message ("deterministic" = 1, EVP_PKEY_sign_message_init), checked to
 * verify and a flipped bit not to.  Prints the raw private key and the
 * SHA-256 of the signature (and its length, the library's version), one
 * `name=value` a line, for
 * tools/gen-pq-sig-vectors.sh.
 *
 *   build/tools/pq-sign LIB ALG SEED_HEX MSG_HEX
 *
 * No OpenSSL header: the library is opened through compat/. */
#include "../compat/libcrypto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const crypto_lib *lib, const char *what)
{
    fprintf(stderr, "pq-sign: %s%s%s\n", what, lib ? ": " : "", lib ? crypto_lib_last_error(lib) : "");
    exit(2);
}

static size_t unhex(const char *hex, unsigned char *out, size_t cap)
{
    size_t n = strlen(hex) / 2;
    if (strlen(hex) % 2 != 0 || n > cap)
        die(NULL, "bad hex argument");
    for (size_t i = 0; i < n; i++)
        if (sscanf(hex + 2 * i, "%2hhx", &out[i]) != 1)
            die(NULL, "bad hex argument");
    return n;
}

static void print_hex(const char *name, const unsigned char *b, size_t n)
{
    printf("%s=", name);
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

static cx_OSSL_PARAM octets(const char *key, void *data, size_t len)
{
    return (cx_OSSL_PARAM){key, CX_OSSL_PARAM_OCTET_STRING, data, len, (size_t)-1};
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: pq-sign LIB ALG SEED_HEX MSG_HEX\n");
        return 2;
    }
    static crypto_lib lib;
    char why[256];
    if (!crypto_lib_open(&lib, argv[1], why, sizeof why) || !crypto_lib_init(&lib, why, sizeof why))
        return die(NULL, why);
    const crypto_fns *f = &lib.fn;
    if (f->EVP_PKEY_sign_message_init == NULL || f->EVP_PKEY_get_raw_private_key == NULL)
        return die(NULL, "the library lacks EVP_PKEY_sign_message_init (needs 3.5+)");
    static unsigned char seed[128], msg[1024], priv[256], sig[65536];
    size_t seed_len = unhex(argv[3], seed, sizeof seed), msg_len = unhex(argv[4], msg, sizeof msg);

    cx_EVP_PKEY_CTX *g = f->EVP_PKEY_CTX_new_from_name(NULL, argv[2], NULL);
    cx_OSSL_PARAM kp[2] = {octets("seed", seed, seed_len), {0}};
    cx_EVP_PKEY *key = NULL;
    if (g == NULL || f->EVP_PKEY_keygen_init(g) != 1 || f->EVP_PKEY_CTX_set_params(g, kp) != 1 ||
        f->EVP_PKEY_keygen(g, &key) != 1)
        return die(&lib, "cannot make the key from the seed");
    size_t priv_len = sizeof priv;
    if (f->EVP_PKEY_get_raw_private_key(key, priv, &priv_len) != 1)
        return die(&lib, "cannot export the private key");

    cx_EVP_SIGNATURE *alg = f->EVP_SIGNATURE_fetch(NULL, argv[2], NULL);
    cx_EVP_PKEY_CTX *s = f->EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    int one = 1;
    cx_OSSL_PARAM sp[2] = {{"deterministic", CX_OSSL_PARAM_INTEGER, &one, sizeof one, (size_t)-1}, {0}};
    size_t sig_len = sizeof sig;
    if (alg == NULL || s == NULL || f->EVP_PKEY_sign_message_init(s, alg, sp) != 1 ||
        f->EVP_PKEY_sign(s, sig, &sig_len, msg, msg_len) != 1)
        return die(&lib, "cannot sign");
    cx_EVP_PKEY_CTX *v = f->EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    if (v == NULL || f->EVP_PKEY_verify_message_init(v, alg, NULL) != 1 ||
        f->EVP_PKEY_verify(v, sig, sig_len, msg, msg_len) != 1)
        return die(&lib, "the signature does not verify");
    sig[sig_len / 2] ^= 1;
    if (f->EVP_PKEY_verify(v, sig, sig_len, msg, msg_len) == 1)
        return die(NULL, "a signature with a flipped bit verifies");
    sig[sig_len / 2] ^= 1;
    unsigned char md[32];
    unsigned int md_len = 0;
    if (f->EVP_Digest(sig, sig_len, md, &md_len, f->EVP_sha256(), NULL) != 1)
        return die(&lib, "SHA-256 failed");
    print_hex("priv", priv, priv_len);
    print_hex("sig_sha256", md, md_len);
    printf("sig_len=%zu\nversion=%s\n", sig_len, lib.ver.name);
    return 0;
}
