#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

/* Each command gets main's argv + 1 (argv[0] is its name), so argv[-1] is
 * the program as it was invoked. */
#define CMD(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef CMD

#endif
