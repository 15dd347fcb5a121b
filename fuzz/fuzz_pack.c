/* libFuzzer harness: the history database's packed samples
 * (history/sample_pack.c), which fuzz_db reaches only through whole SQLite
 * files.  Any blob is refused with a reason or decoded, never read past
 * its end; what decodes packs again and decodes to the same rates, bit
 * for bit, and the same blocks. */
#include "../history/sample_pack.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a copy of its own size, so that ASan sees a read one byte past it */
    unsigned char *blob = malloc(size ? size : 1);
    if (blob == NULL)
        return 0;
    memcpy(blob, data, size);
    double *rate, *rate2;
    uint32_t *block, *block2;
    size_t nrate, nblock, nrate2, nblock2, len;
    char why[256];
    unsigned char *again;
    if (sample_unpack(blob, size, &rate, &nrate, &block, &nblock, why, sizeof why)) {
        if (!sample_pack(rate, nrate, block, nblock, &again, &len) ||
            !sample_unpack(again, len, &rate2, &nrate2, &block2, &nblock2, why, sizeof why) || nrate2 != nrate ||
            nblock2 != nblock || (nrate && memcmp(rate, rate2, nrate * sizeof *rate) != 0) ||
            (nblock && memcmp(block, block2, nblock * sizeof *block) != 0))
            abort(); /* a decoded list that does not come back as it was */
        free(again), free(rate2), free(block2);
        free(rate), free(block);
    }
    free(blob);
    return 0;
}
