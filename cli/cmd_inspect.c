/* `osslbench list` and `osslbench info`: look at a library in this process
 * without measuring anything. */
#include "inspect.h"

#include "../harness/child.h"
#include "../harness/options.h"

#include <stdio.h>
#include <string.h>

/* Shared argument handling: one or more --lib, optional -v. */
int inspect(int argc, char **argv, inspect_fn fn, const char *usage)
{
    const char *paths[MAX_LIBS];
    size_t n = 0;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        char label[64], why[256];
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        } else if (strcmp(argv[i], "-v") == 0 || strcmp(argv[i], "--verbose") == 0) {
            verbose = true;
        } else if ((strcmp(argv[i], "--lib") == 0 || strcmp(argv[i], "-l") == 0) &&
                   i + 1 < argc && n < MAX_LIBS) {
            if (!parse_lib_arg(argv[++i], &paths[n], label, sizeof label, why, sizeof why)) {
                fprintf(stderr, "osslbench %s: %s\n", argv[0], why);
                return 2;
            }
            n++;
        } else {
            fprintf(stderr, "osslbench %s: unexpected argument '%s' (see --help)\n", argv[0],
                    argv[i]);
            return 2;
        }
    }
    if (n == 0) {
        fprintf(stderr, "osslbench %s: no library given (use --lib PATH)\n", argv[0]);
        return 2;
    }
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        /* Libraries cannot be unloaded: inspecting several releases in one
         * process is fine for reading, as RTLD_LOCAL keeps them apart. */
        static crypto_lib lib;
        char why[256];
        child_isolate_environment(paths[i]);
        if (!crypto_lib_open(&lib, paths[i], why, sizeof why) ||
            !crypto_lib_init(&lib, why, sizeof why)) {
            fprintf(stderr, "osslbench %s: --lib %s: %s\n", argv[0], paths[i], why);
            rc = 1;
            continue;
        }
        fn(&lib, verbose);
    }
    return rc;
}

static void field(const char *name, const char *value)
{
    if (value != NULL && *value != '\0')
        printf("  %-13s %s\n", name, value);
}

static void info_one(const crypto_lib *lib, bool verbose)
{
    char num[80], flavor[160];
    snprintf(num, sizeof num, "0x%08lx", lib->ver.number);
    printf("%s\n", lib->path);
    field("release", lib->ver.name);
    if (crypto_lib_is_fork(lib)) {
        /* The number is a claim, not a release: say whose. */
        snprintf(flavor, sizeof flavor, "%s (a fork of OpenSSL, not an OpenSSL release)",
                 flavor_title(lib->ver.flavor));
        field("flavor", flavor);
        snprintf(num, sizeof num, "0x%08lx (claims OpenSSL %s)", lib->ver.number,
                 lib->ver.claimed);
    }
    field("version_num", num);
    field("version_text", lib->version_text);
    field("cflags", crypto_lib_info(lib, INFO_CFLAGS));
    field("built_on", crypto_lib_info(lib, INFO_BUILT_ON));
    field("platform", crypto_lib_info(lib, INFO_PLATFORM));
    field("openssldir", crypto_lib_info(lib, INFO_DIR));
    field("modules_dir", crypto_lib_info(lib, INFO_MODULES_DIR));
    field("cpu", crypto_lib_info(lib, INFO_CPU));
    if (lib->fn.OPENSSL_ia32cap_loc != NULL && lib->fn.OPENSSL_ia32cap_loc() != NULL) {
        char cap[64];
        const unsigned long *p = lib->fn.OPENSSL_ia32cap_loc();
        snprintf(cap, sizeof cap, "OPENSSL_ia32cap=0x%lx:0x%lx", p[0], p[1]);
        field("cpu", cap);
    }
    if (!verbose)
        return;
    /* Symbols the table expects in this release but the build lacks (a
     * no-deprecated or no-rsa build, say), and ones it has unexpectedly.
     * The ranges are OpenSSL's: for a fork they say what the OpenSSL
     * release it claims to be would have, nothing more. */
    bool fork = crypto_lib_is_fork(lib);
    for (size_t i = 0; i < crypto_symbol_count; i++) {
        const crypto_symbol *s = &crypto_symbols[i];
        if (s->since == R_FORK)
            continue;
        void *p;
        memcpy(&p, (const char *)&lib->fn + s->offset, sizeof p);
        bool expected = s->since != R_NONE && lib->ver.series >= s->since &&
                        lib->ver.series <= s->until;
        if (expected == (p != NULL))
            continue;
        if (fork)
            printf("  %-13s %s (OpenSSL %s %s it)\n", p ? "extra" : "missing", s->symbol,
                   lib->ver.claimed, p ? "lacks" : "has");
        else
            printf("  %-13s %s %s\n", p ? "extra" : "missing", s->symbol,
                   p ? "(outside its recorded release range)" : "(expected in this release)");
    }
}

static const char info_usage[] =
    "usage: osslbench info --lib PATH [--lib PATH ...] [-v]\n"
    "  release, version number and text, build flags, CPU features; -v also lists\n"
    "  symbols of compat/symbols.def the build lacks or has unexpectedly\n";

int cmd_info(int argc, char **argv)
{
    return inspect(argc, argv, info_one, info_usage);
}
