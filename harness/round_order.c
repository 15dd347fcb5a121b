#include "round_order.h"

/* splitmix64: small, and enough for the order of a round. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Fisher-Yates: every order equally likely. */
void round_order_shuffle(size_t *order, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(next_random(rng) % i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
}

/* FNV-1a: the same run id gives the same orders. */
uint64_t round_order_seed(const char *run_id)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const char *c = run_id; *c; c++)
        h = (h ^ (unsigned char)*c) * 0x100000001b3ULL;
    return h;
}
