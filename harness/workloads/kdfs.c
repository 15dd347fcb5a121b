/* The KDF lines (kdf.h): one operation = one derivation of the line's
 * fixed inputs, each a published vector's but PBKDF2's:
 *   kdf-hkdf-sha256      RFC 5869 A.1: extract + expand, 42 bytes
 *   kdf-pbkdf2-sha256    RFC 7914 11's first password and salt ("passwd",
 *                        "salt", 64 bytes) at perftools evp_kdf.c's 2048
 *                        iterations: its vectors have 1 (the call's fixed
 *                        cost only) and 80000 (tens of ms per operation)
 *   kdf-scrypt           RFC 7914 12's second vector: N = 1024, r = 8,
 *                        p = 16 (1 MiB of memory), 64 bytes
 *   kdf-tls1-prf-sha256  a TLS 1.2 master secret (48 bytes from a 48-byte
 *                        premaster secret), NIST CAVP's TLS 1.2 KDF vector
 * The one-shot calls are PKCS5_PBKDF2_HMAC (1.0.0+) and EVP_PBE_scrypt
 * (1.1.0+); HKDF and the TLS PRF have none in OpenSSL. */
#include "kdf.h"

static bool pbkdf2_loop(void *p, uint64_t iterations)
{
    kdf_state *s = p;
    int (*pbkdf2)(const char *, int, const unsigned char *, int, int, const cx_EVP_MD *, int,
                  unsigned char *) = s->lib->fn.PKCS5_PBKDF2_HMAC;
    const kdf_params *k = &s->in;
    const char *pass = (const char *)k->secret;
    const unsigned char *salt = k->salt;
    int passlen = (int)k->secretlen, saltlen = (int)k->saltlen, iter = (int)k->cost;
    int outlen = (int)k->outlen;
    const cx_EVP_MD *md = s->md;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++)
        if (pbkdf2(pass, passlen, salt, saltlen, iter, md, outlen, out) != 1)
            return false;
    return true;
}

static bool scrypt_loop(void *p, uint64_t iterations)
{
    kdf_state *s = p;
    int (*scrypt)(const char *, size_t, const unsigned char *, size_t, uint64_t, uint64_t,
                  uint64_t, uint64_t, unsigned char *, size_t) = s->lib->fn.EVP_PBE_scrypt;
    const kdf_params *k = &s->in;
    const char *pass = (const char *)k->secret;
    const unsigned char *salt = k->salt;
    size_t passlen = k->secretlen, saltlen = k->saltlen, outlen = k->outlen;
    uint64_t N = k->cost, r = k->r, pp = k->p;
    unsigned char *out = s->out;
    /* maxmem 0: the library's default (32 MiB or more), above the 1 MiB */
    for (uint64_t i = 0; i < iterations; i++)
        if (scrypt(pass, passlen, salt, saltlen, N, r, pp, 0, out, outlen) != 1)
            return false;
    return true;
}

/* RFC 5869 appendix A.1 and A.2 (SHA-256; A.2: 80-byte inputs, 82 bytes out) */
static const kdf_def hkdf_def = {
    .title = "HKDF-SHA256",
    .fetch_name = "HKDF",
    .pkey_id = CX_EVP_PKEY_HKDF,
    .digest = {"digest", CX_EVP_PKEY_CTRL_HKDF_MD},
    .secret = {"key", CX_EVP_PKEY_CTRL_HKDF_KEY},
    .salt = {"salt", CX_EVP_PKEY_CTRL_HKDF_SALT},
    .info = {"info", CX_EVP_PKEY_CTRL_HKDF_INFO},
    .timed = {"HKDF-SHA256 (RFC 5869 A.1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
              "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9", 0, 0, 0,
              "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
    .kat = {{"HKDF-SHA256 (RFC 5869 A.2)",
             "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
             "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f",
             "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
             "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeaf",
             "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecf"
             "d0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
             0, 0, 0,
             "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
             "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"}},
};

#define PASSWD "706173737764" /* "passwd" */
#define SALT "73616c74"       /* "salt" */

/* RFC 7914 section 11 (PBKDF2-HMAC-SHA256).  The timed 2048 iterations have
 * no published answer: the one of the 3.0 CLI (`openssl kdf -keylen 64
 * -kdfopt digest:SHA256 -kdfopt pass:passwd -kdfopt salt:salt -kdfopt
 * iter:2048 PBKDF2`), Python's hashlib.pbkdf2_hmac and PBKDF2 written out
 * over Python's hmac, which agree. */
static const kdf_def pbkdf2_def = {
    .title = "PBKDF2-HMAC-SHA256",
    .fetch_name = "PBKDF2",
    .digest = {"digest", 0},
    .secret = {"pass", 0},
    .salt = {"salt", 0},
    .cost = {"iter", 0},
    .oneshot = pbkdf2_loop,
    .timed = {"PBKDF2-HMAC-SHA256 (passwd, salt, 2048 iterations)", PASSWD, SALT, NULL, 2048, 0, 0,
              "9c64bce5d6caf1621d7ac55b4cc203c63766eec884a9c75e245d8480604b81d1"
              "6f4388cde410aed7b2a3c21759d2314fd6e8aaa2894b629e8bcc028d3880a977"},
    .kat = {{"PBKDF2-HMAC-SHA256 (RFC 7914 11, c = 1)", PASSWD, SALT, NULL, 1, 0, 0,
             "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
             "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
            {"PBKDF2-HMAC-SHA256 (RFC 7914 11, c = 80000)", "50617373776f7264" /* "Password" */,
             "4e61436c" /* "NaCl" */, NULL, 80000, 0, 0,
             "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
             "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"}},
};

/* RFC 7914 section 12, the second and the first vector ("", "": both
 * inputs empty) */
static const kdf_def scrypt_def = {
    .title = "scrypt",
    .fetch_name = "SCRYPT",
    .pkey_id = CX_EVP_PKEY_SCRYPT,
    .secret = {"pass", CX_EVP_PKEY_CTRL_PASS},
    .salt = {"salt", CX_EVP_PKEY_CTRL_SCRYPT_SALT},
    .cost = {"n", CX_EVP_PKEY_CTRL_SCRYPT_N},
    .r = {"r", CX_EVP_PKEY_CTRL_SCRYPT_R},
    .p = {"p", CX_EVP_PKEY_CTRL_SCRYPT_P},
    .oneshot = scrypt_loop,
    .timed = {"scrypt (RFC 7914 12, N = 1024, r = 8, p = 16)", "70617373776f7264" /* "password" */,
              "4e61436c" /* "NaCl" */, NULL, 1024, 8, 16,
              "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
              "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"},
    .kat = {{"scrypt (RFC 7914 12, N = 16, r = 1, p = 1)", "", "", NULL, 16, 1, 1,
             "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
             "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"}},
};

/* The seed is the label and the randoms, as the PRF takes them.  The timed
 * vector: NIST CAVP's TLS 1.2 KDF (SP 800-135) test, a master secret (the
 * first vector of OpenSSL's evpkdf_tls12_prf.txt); the second: the TLS
 * 1.2 PRF vector posted to the IETF TLS list
 * (ietf.org/mail-archive/web/tls/current/msg03416.html), 100 bytes. */
static const kdf_def tls1_prf_def = {
    .title = "TLS1-PRF-SHA256",
    .fetch_name = "TLS1-PRF",
    .pkey_id = CX_EVP_PKEY_TLS1_PRF,
    .digest = {"digest", CX_EVP_PKEY_CTRL_TLS_MD},
    .secret = {"secret", CX_EVP_PKEY_CTRL_TLS_SECRET},
    .salt = {"seed", CX_EVP_PKEY_CTRL_TLS_SEED},
    .timed = {"TLS1-PRF-SHA256 (NIST CAVP TLS 1.2 KDF, master secret)",
              "f8938ecc9edebc5030c0c6a441e213cd24e6f770a50dda07876f8d55da062bcadb386b411fd4fe4313a604fce6c17fbc",
              "6d617374657220736563726574" /* "master secret" */
              "36c129d01a3200894b9179faac589d9835d58775f9b5ea3587cb8fd0364cae8c"
              "f6c9575ed7ddd73e1f7d16eca115415812a43c2b747daaaae043abfb50053fce",
              NULL, 0, 0, 0,
              "202c88c00f84a17a20027079604787461176455539e705be730890602c289a5001e34eeb3a043e5d52a65e66125188bf"},
    .kat = {{"TLS1-PRF-SHA256 (IETF TLS list vector)", "9bbe436ba940f017b17652849a71db35",
             "74657374206c6162656c" /* "test label" */ "a0ba9f936cda311827a6f796ffd5198c", NULL, 0,
             0, 0,
             "e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a"
             "6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab"
             "4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66"}},
};

const workload wl_kdf_hkdf_sha256 = {
    KDF_WORKLOAD_FIELDS("kdf-hkdf-sha256",
                        "one HKDF-SHA256 extract + expand of RFC 5869 A.1's inputs (42 bytes)",
                        hkdf_def),
    .since = R_110, /* EVP_PKEY_HKDF, behind 1.0.0's EVP_PKEY_derive */
    .needs = {[API_EVP] = KDF_NEEDS_EVP("") " EVP_sha256", [API_FETCH] = KDF_NEEDS_FETCH},
};

const workload wl_kdf_pbkdf2_sha256 = {
    KDF_WORKLOAD_FIELDS("kdf-pbkdf2-sha256",
                        "one PBKDF2-HMAC-SHA256 of \"passwd\", \"salt\", 2048 iterations (64 bytes)",
                        pbkdf2_def),
    .needs = {[API_ONESHOT] = "PKCS5_PBKDF2_HMAC EVP_sha256", [API_FETCH] = KDF_NEEDS_FETCH},
};

const workload wl_kdf_scrypt = {
    KDF_WORKLOAD_FIELDS("kdf-scrypt",
                        "one scrypt of RFC 7914 12's \"password\", \"NaCl\", N = 1024, r = 8, p = 16 "
                        "(64 bytes)",
                        scrypt_def),
    .needs = {[API_ONESHOT] = "EVP_PBE_scrypt",
              /* EVP_PKEY_SCRYPT came in 1.1.1 with the ctrl for its integers */
              [API_EVP] = KDF_NEEDS_EVP(" EVP_PKEY_CTX_ctrl_uint64|EVP_PKEY_CTX_set_params"),
              [API_FETCH] = KDF_NEEDS_FETCH},
};

const workload wl_kdf_tls1_prf_sha256 = {
    KDF_WORKLOAD_FIELDS("kdf-tls1-prf-sha256",
                        "one TLS 1.2 PRF (SHA-256): a 48-byte master secret, NIST CAVP's vector",
                        tls1_prf_def),
    .since = R_110, /* EVP_PKEY_TLS1_PRF, behind 1.0.0's EVP_PKEY_derive */
    .needs = {[API_EVP] = KDF_NEEDS_EVP("") " EVP_sha256", [API_FETCH] = KDF_NEEDS_FETCH},
};
