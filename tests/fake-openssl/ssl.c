/* The fake libssl: linked to the fake libcrypto, as a real one is; SSL_new and
 * SSL_CTX_free make the runner take it for the libssl beside that libcrypto. */
const char *OpenSSL_version(int t);
const char *SSL_fake_version(void) { return OpenSSL_version(0); }
void *SSL_new(void *ctx) { (void)ctx; return 0; }
void SSL_CTX_free(void *ctx) { (void)ctx; }
