#ifndef HARNESS_COMMANDS_H
#define HARNESS_COMMANDS_H

#define CMD(name, fn, summary) int fn(int argc, char **argv);
#include "commands.def"
#undef CMD

#endif
