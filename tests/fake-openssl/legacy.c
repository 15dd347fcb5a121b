/* The fake legacy provider module: only its file matters to the install layout. */
const char *OpenSSL_version(int t);
const char *legacy_fake_version(void) { return OpenSSL_version(0); }
