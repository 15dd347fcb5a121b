/* The one copy of every OpenSSL constant osslbench passes to libcrypto.
 * Without OpenSSL's headers these values are part of the ABI the compat
 * layer owns, like the function types of symbols.def: each is named as in
 * OpenSSL with a CX_ prefix and says in which releases it holds.  Values
 * from each release's headers (docs/api-ranges.md; the reference API
 * matrix, "Numeric constants"); unless a comment says otherwise a value is
 * the same in every release that has the name. */
#ifndef COMPAT_CONSTANTS_H
#define COMPAT_CONSTANTS_H

/* --- object identifiers = EVP_PKEY types (obj_mac.h, evp.h) ------------ */
#define CX_NID_sha256 672          /* all releases */
#define CX_EVP_PKEY_RSA 6          /* NID_rsaEncryption, all releases */
#define CX_EVP_PKEY_DSA 116        /* NID_dsa, all releases */
#define CX_EVP_PKEY_EC 408         /* NID_X9_62_id_ecPublicKey, all releases */
#define CX_EVP_PKEY_HMAC 855       /* NID_hmac, 1.0.0+ */
#define CX_EVP_PKEY_CMAC 894       /* NID_cmac, 1.0.1+ */
#define CX_EVP_PKEY_X25519 1034    /* NID_X25519, 1.1.0+ */
#define CX_EVP_PKEY_ED25519 1087   /* NID_ED25519, 1.1.1+ */
#define CX_EVP_PKEY_DH 28          /* NID_dhKeyAgreement, all releases */
/* NID_undef: d2i_PrivateKey's "any type"; a caller that needs a type with
 * no number here (ML-KEM, ML-DSA) looks it up by name. */
#define CX_EVP_PKEY_NONE 0

/* --- RSA (rsa.h) -------------------------------------------------------- */
#define CX_RSA_F4 65537UL          /* the public exponent, all releases */
#define CX_RSA_PKCS1_PADDING 1     /* all releases */
#define CX_RSA_PKCS1_OAEP_PADDING 4 /* all releases */

/* --- EVP_PKEY_CTX_ctrl (evp.h, rsa.h), 1.0.0+ --------------------------- */
#define CX_EVP_PKEY_CTRL_MD 1
#define CX_EVP_PKEY_CTRL_SET_MAC_KEY 6
#define CX_EVP_PKEY_CTRL_CIPHER 12 /* 1.0.1+: the CMAC key's cipher */
#define CX_EVP_PKEY_CTRL_RSA_PADDING 0x1001 /* EVP_PKEY_ALG_CTRL + 1 */
#define CX_EVP_PKEY_OP_KEYGEN (1 << 2)
/* The operations EVP_PKEY_CTX_set_signature_md applies to: 0xf8 in 1.0.0 -
 * 1.1.1 only.  3.0 moved every EVP_PKEY_OP_* bit above KEYGEN (0x1f0 in
 * 3.0, 0xc1f0 from 3.5), so 3.0+ is driven through the real functions. */
#define CX_EVP_PKEY_OP_TYPE_SIG_1X 0xf8

/* --- EVP_CIPHER_CTX_ctrl (evp.h) ---------------------------------------- */
/* EVP_CTRL_GCM_GET_TAG in 1.0.1 - 1.0.2, also named EVP_CTRL_AEAD_GET_TAG
 * from 1.1.0: one value for GCM, OCB and ChaCha20-Poly1305. */
#define CX_EVP_CTRL_AEAD_GET_TAG 0x10
/* ... and the nonce length (GCM, CCM, OCB) and the expected tag (a tag
 * length with no tag: CCM's, before the key), 1.0.1+ */
#define CX_EVP_CTRL_AEAD_SET_IVLEN 0x9
#define CX_EVP_CTRL_AEAD_SET_TAG 0x11
/* EVP_CIPHER_flags: the mode bits (EVP_CIPH_MODE) and the modes evp:NAME
 * drives apart from the others; the AEAD flag (1.0.1+) */
#define CX_EVP_CIPH_MODE 0xF0007UL
#define CX_EVP_CIPH_CCM_MODE 0x7UL
#define CX_EVP_CIPH_XTS_MODE 0x10001UL
#define CX_EVP_CIPH_WRAP_MODE 0x10002UL
#define CX_EVP_CIPH_SIV_MODE 0x10004UL
#define CX_EVP_CIPH_FLAG_AEAD_CIPHER 0x200000UL
/* EVP_MD_flags: an extendable-output function (SHAKE), 1.1.1+ */
#define CX_EVP_MD_FLAG_XOF 0x2UL

/* --- OSSL_PARAM data types (core.h), OSSL_DECODER selections, 3.0+ ------ */
#define CX_OSSL_PARAM_INTEGER 1u
#define CX_OSSL_PARAM_UNSIGNED_INTEGER 2u
#define CX_OSSL_PARAM_UTF8_STRING 4u
#define CX_OSSL_PARAM_OCTET_STRING 5u
#define CX_OSSL_PARAM_UTF8_PTR 6u
/* OSSL_KEYMGMT_SELECT_{ALL_PARAMETERS,PUBLIC_KEY,PRIVATE_KEY}: EVP_PKEY_KEYPAIR */
#define CX_EVP_PKEY_KEYPAIR 0x87
/* ... without the private key: EVP_PKEY_PUBLIC_KEY */
#define CX_EVP_PKEY_PUBLIC_KEY 0x86

/* --- KDFs through EVP_PKEY_derive (evp.h, kdf.h) ------------------------ */
#define CX_EVP_PKEY_TLS1_PRF 1021  /* NID_tls1_prf, 1.1.0+ */
#define CX_EVP_PKEY_HKDF 1036      /* NID_hkdf, 1.1.0+ */
#define CX_EVP_PKEY_SCRYPT 973     /* NID_id_scrypt, 1.1.1+ as an EVP_PKEY type */
/* EVP_PKEY_OP_DERIVE up to 1.1.1; 3.0 moved it to 1 << 11, and 3.0+ is set
 * up through EVP_PKEY_CTX_set_params instead of the ctrls. */
#define CX_EVP_PKEY_OP_DERIVE_1X (1 << 10)
/* EVP_PKEY_ALG_CTRL + 0 .. 13, the same codes from 1.1.0 (TLS, HKDF) and
 * 1.1.1 (PASS, SCRYPT) on */
#define CX_EVP_PKEY_CTRL_TLS_MD 0x1000
#define CX_EVP_PKEY_CTRL_TLS_SECRET 0x1001
#define CX_EVP_PKEY_CTRL_TLS_SEED 0x1002
#define CX_EVP_PKEY_CTRL_HKDF_MD 0x1003
#define CX_EVP_PKEY_CTRL_HKDF_SALT 0x1004
#define CX_EVP_PKEY_CTRL_HKDF_KEY 0x1005
#define CX_EVP_PKEY_CTRL_HKDF_INFO 0x1006
#define CX_EVP_PKEY_CTRL_PASS 0x1008
#define CX_EVP_PKEY_CTRL_SCRYPT_SALT 0x1009
#define CX_EVP_PKEY_CTRL_SCRYPT_N 0x100a
#define CX_EVP_PKEY_CTRL_SCRYPT_R 0x100b
#define CX_EVP_PKEY_CTRL_SCRYPT_P 0x100c

/* --- library set-up (crypto.h) ------------------------------------------ */
/* OPENSSL_init_crypto options, 1.1.0+ */
#define CX_OPENSSL_INIT_LOAD_CRYPTO_STRINGS 0x2u
#define CX_OPENSSL_INIT_ADD_ALL_CIPHERS 0x4u
#define CX_OPENSSL_INIT_ADD_ALL_DIGESTS 0x8u
#define CX_OPENSSL_INIT_NO_LOAD_CONFIG 0x80u
#define CX_OPENSSL_INIT_LOAD_SSL_STRINGS 0x00200000u /* OPENSSL_init_ssl, 1.1.0+ */
/* The type codes of SSLeay_version (up to 1.0.2) and OpenSSL_version
 * (1.1.0+): renumbered in 1.1.0, only 0 (the version text) is the same;
 * MODULES_DIR and CPU_INFO came in 3.0. */
#define CX_SSLEAY_CFLAGS 2
#define CX_SSLEAY_BUILT_ON 3
#define CX_SSLEAY_PLATFORM 4
#define CX_SSLEAY_DIR 5
#define CX_OPENSSL_CFLAGS 1
#define CX_OPENSSL_BUILT_ON 2
#define CX_OPENSSL_PLATFORM 3
#define CX_OPENSSL_DIR 4
#define CX_OPENSSL_MODULES_DIR 8
#define CX_OPENSSL_CPU_INFO 9
/* The locking callback's mode bit (else unlock); the callback exists up to
 * 1.0.2 (1.1.0 locks internally). */
#define CX_CRYPTO_LOCK 1

/* --- libssl (ssl.h, tls1.h, x509_vfy.h) --------------------------------- */
#define CX_TLS1_VERSION 0x0301     /* all releases */
#define CX_TLS1_2_VERSION 0x0303   /* 1.0.1+ */
#define CX_TLS1_3_VERSION 0x0304   /* 1.1.1+ */
#define CX_SSL_ERROR_WANT_READ 2
#define CX_SSL_ERROR_WANT_WRITE 3
#define CX_SSL_VERIFY_PEER 1
#define CX_SSL_SENT_SHUTDOWN 1
#define CX_SSL_RECEIVED_SHUTDOWN 2
#define CX_X509_V_OK 0
#define CX_SSL_OP_NO_TICKET 0x00004000UL /* 1.0.0+, the same bit in 3.x */
/* SSL_ctrl / SSL_CTX_ctrl codes behind macros */
#define CX_SSL_CTRL_GET_SESSION_REUSED 8   /* SSL_session_reused, a macro up to 1.0.2 */
#define CX_SSL_CTRL_OPTIONS 32             /* SSL_CTX_set_options, a macro up to 1.0.2 */
#define CX_SSL_CTRL_SET_SESS_CACHE_MODE 44
#define CX_SSL_SESS_CACHE_CLIENT 0x0001
#define CX_SSL_SESS_CACHE_NO_INTERNAL_STORE 0x0200
#define CX_SSL_CTRL_SET_GROUPS_LIST 92     /* 1.0.2: SSL_CTRL_SET_CURVES_LIST, the same code */
#define CX_SSL_CTRL_SET_ECDH_AUTO 94       /* 1.0.2 only: ECDHE with the configured curves */
#define CX_SSL_CTRL_GET_PEER_TMP_KEY 109   /* 1.0.2: SSL_CTRL_GET_SERVER_TMP_KEY */
#define CX_SSL_CTRL_SET_MIN_PROTO_VERSION 123 /* 1.1.0+ */
#define CX_SSL_CTRL_SET_MAX_PROTO_VERSION 124 /* 1.1.0+ */
#define CX_SSL_CTRL_GET_NEGOTIATED_GROUP 134  /* 3.0+ */
#define CX_TLSEXT_NID_UNKNOWN 0x1000000    /* 3.0+: a group without a NID (a provider's) */

/* --- X.509 (x509_vfy.h): the same code in every release and fork -------- */
#define CX_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY 20

#endif
