#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

#define CMD(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef CMD

#endif
