/* libFuzzer harness: `osslbench run` argument parsing.  The input is split
 * at newlines into argv, so the fuzzer explores option/value sequences. */
#define _POSIX_C_SOURCE 200809L
#include "../options/run_options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    if (buf == NULL)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[34] = {"run"};
    int argc = 1;
    for (char *save = NULL, *tok = strtok_r(buf, "\n", &save); tok != NULL && argc < 33;
         tok = strtok_r(NULL, "\n", &save))
        argv[argc++] = tok;
    argv[argc] = NULL;
    static run_args o;
    (void)run_args_parse(argc, argv, &o);
    free(buf);
    return 0;
}
