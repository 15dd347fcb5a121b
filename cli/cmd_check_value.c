/* `osslbench check-value KIND VALUE...`: is each VALUE one the runner takes
 * for a knob of that kind (knobs/value_kinds.c)?  Nothing printed and exit 0
 * when every one is; else the parser's one line on stderr and exit 1 (2: not
 * a kind).  tools/knobs.sh asks it, so that SIZE=8K, SIZES=8k and --sizes 8K
 * are one grammar: the option's own parser's. */
#include "commands.h"
#include "../knobs/value_kinds.h"

#include <stdio.h>
#include <string.h>

static int usage(FILE *f)
{
    fputs("usage: osslbench check-value KIND VALUE...\n"
          "       osslbench check-value --kinds\n\n"
          "Checks each VALUE with the parser of the option a knob of KIND becomes (SIZES:\n"
          "run --sizes); nothing printed and exit 0 when every one parses, else the\n"
          "parser's one-line error and exit 1; exit 2 for an unknown KIND.  --kinds: each\n"
          "KIND, the option that judges it and what it is, TAB-separated.\n",
          f);
    return f == stdout ? 0 : 2;
}

static void print_kinds(void)
{
    for (size_t i = 0; i < value_kind_count; i++) {
        const value_kind *k = &value_kinds[i];
        printf("%s\t%s%s%s\t%s\n", k->kind, k->command ? k->command : "row_label_valid",
               k->option ? " " : " (record/row.c)", k->option ? k->option : "", k->what);
    }
}

int cmd_check_value(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return usage(stdout);
    if (argc == 2 && strcmp(argv[1], "--kinds") == 0) {
        print_kinds();
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (argc < 3)
        return usage(stderr);
    const value_kind *k = value_kind_find(argv[1]);
    if (k == NULL) {
        fprintf(stderr, "osslbench check-value: unknown kind '%.40s' (osslbench check-value "
                        "--kinds)\n", argv[1]);
        return 2;
    }
    char why[512];
    for (int i = 2; i < argc; i++)
        if (!value_kind_check(k, argv[i], why, sizeof why)) {
            fprintf(stderr, "osslbench check-value: %s\n", why);
            return 1;
        }
    return 0;
}
