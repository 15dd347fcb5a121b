/* kmac128, kmac256: one operation = one KMAC (NIST SP 800-185) of one
 * `bytes`-long block with the key set up once, as `openssl speed kmac128`
 * of 3.x: EVP_MAC "KMAC-128" / "KMAC-256" keyed once (16 / 32 bytes, no
 * customisation string), then EVP_MAC_init(ctx, NULL, 0, NULL) + update +
 * final (the default 32 / 64-byte output) per operation (mac.c: fetch).
 * 3.0+ only, through EVP_MAC alone: no legacy call, no EVP_PKEY type. */
#include "mac.h"

/* NIST SP 800-185 KMAC_samples.pdf: one key for every sample. */
#define KMAC_SAMPLE_KEY "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
#define KMAC_SAMPLE_TAG "My Tagged Application"
/* The 200-byte input of samples 3, 5 and 6: 00 01 ... c7. */
#define KMAC_SAMPLE_LONG \
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021222324252627" \
    "28292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f" \
    "505152535455565758595a5b5c5d5e5f606162636465666768696a6b6c6d6e6f7071727374757677" \
    "78797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f" \
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7"

#define KMAC_DEF(ttl, fetch, bytes)                                                           \
    .title = ttl, .mac_name = fetch, .keylen = bytes

/* Samples 1 and 2: the second with a customisation string, so the string
 * set with the key must also survive the re-initialisation. */
static const mac_def kmac128_def = {
    KMAC_DEF("KMAC128", "KMAC-128", 16),
    .kat = {{"KMAC128 (SP 800-185 sample 1)", KMAC_SAMPLE_KEY, "00010203",
             "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e"},
            {"KMAC128 (SP 800-185 sample 2)", KMAC_SAMPLE_KEY, "00010203",
             "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5"}},
    .kat_custom = {NULL, KMAC_SAMPLE_TAG},
};

static const mac_def kmac256_def = {
    KMAC_DEF("KMAC256", "KMAC-256", 32),
    .kat = {{"KMAC256 (SP 800-185 sample 4)", KMAC_SAMPLE_KEY, "00010203",
             "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7"
             "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd"},
            {"KMAC256 (SP 800-185 sample 5)", KMAC_SAMPLE_KEY, KMAC_SAMPLE_LONG,
             "75358cf39e41494e949707927cee0af20a3ff553904c86b08f21cc414bcfd691"
             "589d27cf5e15369cbbff8b9a4c2eb17800855d0235ff635da82533ec6b759b69"}},
    .kat_custom = {KMAC_SAMPLE_TAG, NULL},
};

#define KMAC_WORKLOAD(wname, ttl, def)                                                        \
    {MAC_WORKLOAD_FIELDS(wname,                                                               \
                         ttl " of one block with the key set up once: init + update + final", \
                         false, def),                                                         \
     .needs = {MAC_NEEDS_FETCH}}

const workload wl_kmac128 = KMAC_WORKLOAD("kmac128", "KMAC128", kmac128_def);
const workload wl_kmac256 = KMAC_WORKLOAD("kmac256", "KMAC256", kmac256_def);
