/* The known answer of a TLS handshake, checked before timing: it counts
 * only with the expected protocol version, cipher suite, key-exchange
 * group, certificate type (verified by the client), and, for a resumed
 * one, really resumed on both sides. */
#include "tls.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The group the client's key share used, as the release names it: 3.0+
 * ask the connection (a provider's group has no NID, only a name), as do
 * BoringSSL and AWS-LC (by its code point); up to 1.1.1 (and LibreSSL) the
 * server's key share itself says it (an X25519 key, or an EC key on its
 * curve). */
static bool group_of(const crypto_lib *lib, cx_SSL *c, const char *names[2])
{
    names[0] = names[1] = NULL;
    if (lib->fn.SSL_group_to_name != NULL) {
        int id = (int)lib->fn.SSL_ctrl(c, CX_SSL_CTRL_GET_NEGOTIATED_GROUP, 0, NULL);
        names[0] = id > 0 ? lib->fn.SSL_group_to_name(c, id) : NULL;
        if (id > 0 && (id & CX_TLSEXT_NID_UNKNOWN) == 0)
            names[1] = lib->fn.OBJ_nid2sn(id);
        return names[0] != NULL || names[1] != NULL;
    }
    if (lib->fn.SSL_get_curve_id != NULL) { /* BoringSSL, AWS-LC */
        names[0] = lib->fn.SSL_get_curve_name(lib->fn.SSL_get_curve_id(c));
        return names[0] != NULL;
    }
    cx_EVP_PKEY *k = NULL;
    if (lib->fn.SSL_ctrl == NULL ||
        lib->fn.SSL_ctrl(c, CX_SSL_CTRL_GET_PEER_TMP_KEY, 0, &k) <= 0 || k == NULL)
        return false;
    int nid = lib->fn.EVP_PKEY_get_id(k);
    if (nid == CX_EVP_PKEY_EC) {
        cx_EC_KEY *ec = lib->fn.EVP_PKEY_get1_EC_KEY(k);
        nid = ec != NULL ? lib->fn.EC_GROUP_get_curve_name(lib->fn.EC_KEY_get0_group(ec)) : 0;
        lib->fn.EC_KEY_free(ec);
    }
    lib->fn.EVP_PKEY_free(k);
    names[0] = nid > 0 ? lib->fn.OBJ_nid2sn(nid) : NULL;
    return names[0] != NULL;
}

/* Whether NAME is one of the space-separated ACCEPTED, in any case. */
static bool one_of(const char *name, const char *accepted)
{
    for (const char *p = accepted; name != NULL && *p != '\0';) {
        size_t len = strcspn(p, " ");
        if (len == strlen(name) && strncasecmp(p, name, len) == 0)
            return true;
        p += len + strspn(p + len, " ");
    }
    return false;
}

static bool check_group(const tls_ctxs *t, const tls_pair *p, char *why, size_t n)
{
    const char *names[2];
    if (!group_of(t->lib, p->client, names))
        return wl_fail(t->lib, why, n, "cannot tell the negotiated group");
    if (one_of(names[0], t->d->group_names) || one_of(names[1], t->d->group_names))
        return true;
    return wl_why(why, n, "negotiated group %s, expected %s", names[0] ? names[0] : names[1],
                  t->d->group);
}

static bool check_cert(const tls_ctxs *t, const tls_pair *p, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    cx_X509 *x = lib->fn.SSL_get1_peer_certificate(p->client);
    cx_EVP_PKEY *k = x != NULL ? lib->fn.X509_get_pubkey(x) : NULL;
    int type = tls_key_type(lib, k);
    lib->fn.EVP_PKEY_free(k);
    lib->fn.X509_free(x);
    if (type != t->cert_type)
        return wl_why(why, n, "server certificate key type %d, expected %d", type, t->cert_type);
    long v = lib->fn.SSL_get_verify_result(p->client);
    return v == CX_X509_V_OK || wl_why(why, n, "the client's verification failed (%ld)", v);
}

bool tls_check_negotiated(const tls_ctxs *t, const tls_pair *p, bool resumed, char *why,
                          size_t n)
{
    const crypto_lib *lib = t->lib;
    const tls_def *d = t->d;
    int vc = lib->fn.SSL_version(p->client), vs = lib->fn.SSL_version(p->server);
    if (vc != d->version || vs != d->version)
        return wl_why(why, n, "protocol 0x%04x/0x%04x, expected 0x%04x", (unsigned)vc,
                      (unsigned)vs, (unsigned)d->version);
    const char *name;
    unsigned id = tls_suite(lib, p->client, &name);
    if (lib->fn.SSL_CIPHER_get_id == NULL ? name == NULL || strcmp(name, d->suite) != 0
                                          : id != d->suite_id)
        return wl_why(why, n, "cipher suite %s (0x%04x), expected %s (0x%04x)",
                      name ? name : "?", id, d->suite, d->suite_id);
    bool rc = tls_reused(lib, p->client), rs = tls_reused(lib, p->server);
    if (rc != resumed || rs != resumed)
        return wl_why(why, n, "%s handshake %s (client) / %s (server)",
                      resumed ? "a resumed" : "a full", rc ? "resumed" : "did not resume",
                      rs ? "resumed" : "did not resume");
    /* A resumed TLS 1.2 handshake exchanges no key: only 1.3's has a group;
     * RSA key transport (TLS 1.0) has none. */
    if (d->group != NULL && (!resumed || d->version == CX_TLS1_3_VERSION) &&
        !check_group(t, p, why, n))
        return false;
    return check_cert(t, p, why, n);
}
