/* The fake openssl program: `openssl version` through libssl and libcrypto. */
#include <stdio.h>
#include <string.h>
const char *SSL_fake_version(void);
int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "version") == 0) {
        puts(SSL_fake_version());
        return 0;
    }
    fputs("fake openssl: only 'version'\n", stderr);
    return 1;
}
