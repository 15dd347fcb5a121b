/* Decoding OPENSSL_VERSION_NUMBER without headers. */
#ifndef COMPAT_VERSION_H
#define COMPAT_VERSION_H

#include "flavor.h"

#include <stdbool.h>

typedef struct {
    unsigned long number; /* as returned by OpenSSL_version_num / SSLeay */
    int major, minor, fix;
    int patch;           /* 0 = none; <= 1.1.1: letter count, >= 3.0: patch number */
    int status;          /* <= 1.1.1 low nibble: 0 dev, 1-14 beta, 15 release */
    bool new_layout;     /* 0xMNN00PP0 (3.0+) rather than 0xMNNFFPPS */
    long series;         /* comparable generation, see release.h */
    char name[32];       /* "0.9.8zh", "1.1.1w", "3.0.19", "1.1.1-dev"; a fork's own name */
    char claimed[32];    /* the OpenSSL release the number decodes to */
    lib_flavor flavor;   /* FLAVOR_OPENSSL unless the loader finds a fork */
} release_version;

/* Returns false when the number is not a plausible OpenSSL version.  The
 * flavor is OpenSSL and claimed == name; the loader corrects both for a fork. */
bool version_decode(unsigned long number, release_version *out);

#endif
