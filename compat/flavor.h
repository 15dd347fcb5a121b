/* Which implementation a libcrypto is.  Forks export OpenSSL's API and
 * claim an OpenSSL version number (BoringSSL and AWS-LC 0x1010107f, "1.1.1g";
 * LibreSSL 0x20000000), so the number alone would label them as OpenSSL
 * releases, sort them among those and make them a default baseline.  The
 * version text and symbols only a fork exports tell them apart. */
#ifndef COMPAT_FLAVOR_H
#define COMPAT_FLAVOR_H

#include <stdbool.h>
#include <stddef.h>

/* In report order: OpenSSL releases first, then each fork. */
typedef enum {
    FLAVOR_OPENSSL,
    FLAVOR_LIBRESSL,
    FLAVOR_BORINGSSL,
    FLAVOR_AWSLC,
    FLAVOR_OTHER, /* version text that names neither OpenSSL nor a known fork */
    FLAVOR_COUNT
} lib_flavor;

/* "openssl", "libressl", "boringssl", "aws-lc", "other": the CSV's flavor column */
const char *flavor_name(lib_flavor f);
/* "OpenSSL", "LibreSSL", "BoringSSL", "AWS-LC", "an unknown fork" */
const char *flavor_title(lib_flavor f);
/* The CSV value back; "" (files written before the column) is openssl. */
bool flavor_parse(const char *name, lib_flavor *out);

/* What a loaded library shows of itself. */
typedef struct {
    const char *version_text;  /* OpenSSL_version(0) / SSLeay_version(0), or NULL */
    bool boringssl_symbol;     /* BORINGSSL_self_test */
    bool awslc_symbol;         /* awslc_api_version_num */
    bool libressl_symbol;      /* ERR_asprintf_error_data */
} flavor_evidence;

lib_flavor flavor_identify(const flavor_evidence *e);

/* The one order of releases, for every default baseline (the runner's
 * stopping rule, report's): a library with no version number last, OpenSSL's
 * releases by number before each fork's (a fork's number is a claim: never
 * among OpenSSL's), then by label.  <0, 0, >0 as strcmp. */
int release_order(lib_flavor fa, unsigned long va, const char *la, lib_flavor fb,
                  unsigned long vb, const char *lb);

/* A fork's release name, from its version text: "boringssl" (BoringSSL has
 * no releases), "libressl-3.9.2", "aws-lc-1.18.0", "aws-lc-fips-2.0.0". */
void flavor_release_name(lib_flavor f, const char *version_text, char *out, size_t n);

#endif
