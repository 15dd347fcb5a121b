#include "commands.h"
#include "../harness/child_exec.h"
#include "../csv/text_visible.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    int (*fn)(int, char **);
    const char *summary;
} commands[] = {
#define CMD(name, fn, summary) {#name, fn, summary},
#include "commands.def"
#undef CMD
};

static void usage(FILE *f)
{
    fprintf(f, "usage: osslbench COMMAND [options]   (osslbench COMMAND --help)\n\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-11s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    stderr_visible_install();
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    /* Not a command of the usage: a library's child (harness/child_exec.h). */
    if (strcmp(argv[1], CHILD_COMMAND) == 0)
        return child_exec_main(argc - 1, argv + 1);
    child_exec_enable();
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "osslbench: unknown command '%s' (try: osslbench --help)\n", argv[1]);
    return 2;
}
