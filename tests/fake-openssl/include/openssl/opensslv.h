/* Read by builds/recipes.sh detect_generation: this tree is a 1.1 one. */
# define OPENSSL_VERSION_TEXT "OpenSSL 1.1.1w-fake  11 Sep 2023"
