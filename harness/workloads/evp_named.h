/* evp:NAME, as `openssl speed -evp NAME`: any cipher or digest the library
 * has by that name, looked up when the run asks for it (EVP_get_cipherbyname
 * / EVP_get_digestbyname on the evp path, EVP_CIPHER_fetch / EVP_MD_fetch on
 * fetch).  Its shape follows what the name turns out to be:
 *   digest   EVP_Digest of one block
 *   XOF      EVP_DigestInit_ex + Update + EVP_DigestFinalXOF of 64 bytes
 *            (3.x speed's EVP_MAX_MD_SIZE)
 *   cipher   EVP_EncryptUpdate of one block on a context keyed once, padding off
 *   AEAD     nonce, 13 bytes of AAD, the block, final, 16-byte tag (as the
 *            -aead lines; CCM also sets the text length first)
 * No vector can be compiled in for a name not known in advance: the
 * self-check is a round trip, and the runner's agreement across libraries
 * (harness/agreement.h) compares the outputs. */
#ifndef HARNESS_WORKLOADS_EVP_NAMED_H
#define HARNESS_WORKLOADS_EVP_NAMED_H

#include "aead.h"
#include "cipher.h"
#include "digest.h"

typedef enum { EN_DIGEST, EN_XOF, EN_CIPHER, EN_AEAD, EN_CCM } en_shape;

enum { EN_XOF_BYTES = 64, EN_CCM_NONCE_BYTES = 12 };

typedef struct {
    /* First, so the loops of the families take the state as their own:
     * digest.c's (EVP_Digest, FinalXOF), cipher.c's, aead.c's. */
    union {
        digest_state dg;
        cipher_state cs;
        aead_state ae;
    } as;
    const crypto_lib *lib;
    const char *name; /* NAME, as given */
    en_shape shape;
    const cx_EVP_MD *md; /* a digest: the looked-up or fetched object */
    cx_EVP_MD *fetched_md;
    const cx_EVP_CIPHER *cipher;
    cx_EVP_CIPHER *fetched_cipher;
    /* the point's block and output, whichever view holds them */
    const unsigned char *in;
    unsigned char *out, *tag;
    size_t len;
    int keylen, ivlen, block;
    unsigned long mode;
    unsigned char key[64], iv[16], aad[AEAD_AAD_BYTES];
} en_state;

/* The cipher side (evp_named_cipher.c).  en_cipher_open: the point's
 * buffers, the context keyed for encryption, the loop of s->shape; false +
 * reason. */
bool en_cipher_open(en_state *s, workload_loop *loop, char *why, size_t n);
/* Decrypts `len` bytes of `ct` (AEAD: checking `tag`) with s's key and IV
 * into `pt`: 1 done, 0 refused (a tag that does not verify), -1 an error. */
int en_decrypt(const en_state *s, const unsigned char *ct, size_t len, const unsigned char *tag,
               unsigned char *pt);

#endif
