/* `osslbench check-value JUDGE VALUE...`: does the parser that JUDGE names
 * (tools/knob-kinds.tsv's judge column: "run --sizes", "label split", ...;
 * knobs/value_judge.h) take each VALUE?  Nothing printed and exit 0 when it
 * takes every one; else the parser's one line on stderr and exit 1 (2: not
 * a judge).  tools/knobs.sh asks it, so that SIZE=8K, SIZES=8k and --sizes
 * 8K are one grammar: the option's own parser's. */
#include "commands.h"
#include "../knobs/value_judge.h"

#include <stdio.h>
#include <string.h>

static int usage(FILE *f)
{
    fputs("usage: osslbench check-value JUDGE VALUE...\n\n"
          "Checks each VALUE with the parser JUDGE names, as a knob's value is checked\n"
          "(tools/knob-kinds.tsv): \"run OPTION\" or \"regress OPTION\" (that option's\n"
          "parser), \"label\" (a release label), then \"one\" (one item, not a list) or\n"
          "\"split\" (words apart by commas or blanks, each checked).  Nothing printed and\n"
          "exit 0 when every one parses, else the parser's one-line error and exit 1;\n"
          "exit 2 for a JUDGE that names no parser.\n",
          f);
    return f == stdout ? 0 : 2;
}

int cmd_check_value(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return usage(stdout);
    if (argc < 3)
        return usage(stderr);
    char why[512];
    if (!value_judge_known(argv[1], why, sizeof why)) {
        fprintf(stderr, "osslbench check-value: %s\n", why);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        if (!value_judge_check(argv[1], argv[i], why, sizeof why)) {
            fprintf(stderr, "osslbench check-value: %s\n", why);
            return 1;
        }
    return 0;
}
