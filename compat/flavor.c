#include "flavor.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const names[FLAVOR_COUNT] = {"openssl", "libressl", "boringssl", "aws-lc",
                                                "other"};
static const char *const titles[FLAVOR_COUNT] = {"OpenSSL", "LibreSSL", "BoringSSL", "AWS-LC",
                                                 "an unknown fork"};

const char *flavor_name(lib_flavor f)
{
    return f < FLAVOR_COUNT ? names[f] : "?";
}

const char *flavor_title(lib_flavor f)
{
    return f < FLAVOR_COUNT ? titles[f] : "?";
}

bool flavor_parse(const char *name, lib_flavor *out)
{
    if (*name == '\0') {
        *out = FLAVOR_OPENSSL;
        return true;
    }
    for (int f = 0; f < FLAVOR_COUNT; f++)
        if (strcmp(name, names[f]) == 0) {
            *out = (lib_flavor)f;
            return true;
        }
    return false;
}

static bool starts_with(const char *text, const char *prefix)
{
    return text != NULL && strncasecmp(text, prefix, strlen(prefix)) == 0;
}

/* A fork-only symbol outweighs the text (a fork could print anything), and
 * AWS-LC, itself derived from BoringSSL, may export BoringSSL's symbols too:
 * its own marker is checked first. */
lib_flavor flavor_identify(const flavor_evidence *e)
{
    const char *t = e->version_text;
    if (e->awslc_symbol || starts_with(t, "AWS-LC"))
        return FLAVOR_AWSLC;
    if (e->boringssl_symbol || starts_with(t, "BoringSSL"))
        return FLAVOR_BORINGSSL;
    if (e->libressl_symbol || starts_with(t, "LibreSSL"))
        return FLAVOR_LIBRESSL;
    if (t == NULL || *t == '\0' || starts_with(t, "OpenSSL "))
        return FLAVOR_OPENSSL;
    return FLAVOR_OTHER;
}

/* Lower-case words of the text up to and including the first one with a
 * digit in it (the version), joined by '-'; only [a-z0-9.-] survive. */
static void words_to_name(const char *text, char *out, size_t n)
{
    size_t len = 0;
    bool done = false;
    for (const char *p = text; *p && !done && len + 1 < n;) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        if (len > 0)
            out[len++] = '-';
        for (; *p && *p != ' ' && len + 1 < n; p++) {
            char c = (char)tolower((unsigned char)*p);
            done = done || isdigit((unsigned char)c);
            if (isalnum((unsigned char)c) || c == '.' || c == '-')
                out[len++] = c;
        }
    }
    while (len > 0 && out[len - 1] == '-')
        len--;
    out[len] = '\0';
}

void flavor_release_name(lib_flavor f, const char *text, char *out, size_t n)
{
    if (f == FLAVOR_BORINGSSL || text == NULL ||
        (f != FLAVOR_OTHER && !starts_with(text, titles[f]))) {
        snprintf(out, n, "%s", names[f]);
        return;
    }
    words_to_name(text, out, n);
    if (out[0] == '\0')
        snprintf(out, n, "%s", names[f]);
}

int release_order(lib_flavor fa, unsigned long va, const char *la, lib_flavor fb,
                  unsigned long vb, const char *lb)
{
    if ((va != 0) != (vb != 0))
        return va != 0 ? -1 : 1;
    if (fa != fb)
        return fa < fb ? -1 : 1;
    if (va != vb)
        return va < vb ? -1 : 1;
    return strcmp(la, lb);
}
