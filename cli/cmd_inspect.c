/* `osslbench info`: what a library says of itself, and which symbols of
 * compat/symbols.def it has. */
#include "command_options.h"
#include "inspect.h"

#include <stdio.h>
#include <string.h>

static void field(FILE *out, const char *name, const char *value)
{
    if (value != NULL && *value != '\0')
        fprintf(out, "  %-13s %s\n", name, value);
}

static void info_one(const crypto_lib *lib, bool verbose, FILE *out)
{
    char num[80], flavor[160];
    snprintf(num, sizeof num, "0x%08lx", lib->ver.number);
    fprintf(out, "%s\n", lib->path);
    field(out, "release", lib->ver.name);
    if (crypto_lib_is_fork(lib)) {
        /* The number is a claim, not a release: say whose. */
        snprintf(flavor, sizeof flavor, "%s (a fork of OpenSSL, not an OpenSSL release)",
                 flavor_title(lib->ver.flavor));
        field(out, "flavor", flavor);
        snprintf(num, sizeof num, "0x%08lx (claims OpenSSL %s)", lib->ver.number,
                 lib->ver.claimed);
    }
    field(out, "version_num", num);
    field(out, "version_text", lib->version_text);
    field(out, "libssl", lib->ssl_handle != NULL ? lib->ssl_path : lib->ssl_why);
    field(out, "cflags", crypto_lib_info(lib, INFO_CFLAGS));
    field(out, "built_on", crypto_lib_info(lib, INFO_BUILT_ON));
    field(out, "platform", crypto_lib_info(lib, INFO_PLATFORM));
    field(out, "openssldir", crypto_lib_info(lib, INFO_DIR));
    field(out, "modules_dir", crypto_lib_info(lib, INFO_MODULES_DIR));
    field(out, "cpu", crypto_lib_info(lib, INFO_CPU));
    if (lib->fn.OPENSSL_ia32cap_loc != NULL && lib->fn.OPENSSL_ia32cap_loc() != NULL) {
        char cap[64];
        const unsigned long *p = lib->fn.OPENSSL_ia32cap_loc();
        snprintf(cap, sizeof cap, "OPENSSL_ia32cap=0x%lx:0x%lx", p[0], p[1]);
        field(out, "cpu", cap);
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
        if (s->since == R_FORK || (s->in_libssl && lib->ssl_handle == NULL))
            continue;
        void *p;
        memcpy(&p, (const char *)&lib->fn + s->offset, sizeof p);
        bool expected = s->since != R_NONE && lib->ver.series >= s->since &&
                        lib->ver.series <= s->until;
        if (expected == (p != NULL))
            continue;
        if (fork)
            fprintf(out, "  %-13s %s (OpenSSL %s %s it)\n", p ? "extra" : "missing", s->symbol,
                    lib->ver.claimed, p ? "lacks" : "has");
        else
            fprintf(out, "  %-13s %s %s\n", p ? "extra" : "missing", s->symbol,
                    p ? "(outside its recorded release range)" : "(expected in this release)");
    }
}

const option_table info_option_table = {
    .command = "info",
    .specs = inspect_specs,
    .synopsis = "usage: osslbench info --lib PATH [--lib PATH ...] [-v] [--timeout S]\n"
                "  release, version number and text, build flags, CPU features\n",
    .missing_fmt = "unexpected argument '%s' (see --help)",
    .unknown_fmt = "unexpected argument '%s' (%s)",
    .hint = "see --help",
};

int cmd_info(int argc, char **argv)
{
    return inspect(argc, argv, info_one, &info_option_table);
}
