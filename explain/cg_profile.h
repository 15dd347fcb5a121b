/* One callgrind profile (Valgrind's "callgrind format", version 1) read into
 * functions and the calls between them.  osslbench explain reads the profile
 * of one counted sample (harness/counting.h): every cost in it is of the
 * sample's operations.  Only the first event (Ir: instructions executed) is
 * read; files, objects and lines are not kept.  A function is its name:
 * callgrind's recursion levels (name'2) and same-named functions of two
 * objects are one function. */
#ifndef EXPLAIN_CG_PROFILE_H
#define EXPLAIN_CG_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    char *name;
    uint64_t self;      /* instructions executed in the function itself */
    uint64_t calls;     /* times it was called, by any caller (itself too) */
    uint64_t inclusive; /* self + the cost of its calls to other functions */
} cg_function;

/* Every call from one function to another: how many, and what they cost
 * inclusively (callgrind's own figure). */
typedef struct {
    uint32_t caller, callee; /* indexes of cg_profile.fn */
    uint64_t calls, cost;
} cg_call;

typedef struct cg_index cg_index;

typedef struct {
    cg_function *fn;
    size_t nfn;
    cg_call *call;
    size_t ncall;
    uint64_t total; /* the sum of every function's self cost */
    uint64_t totals_line; /* the file's own "totals:" figure (UINT64_MAX: none) */
    cg_index *index;      /* name -> function, (caller, callee) -> call */
} cg_profile;

/* Reads a profile; false with a one-line reason (naming `name` and the line)
 * when it is no callgrind profile or is malformed.  The profile is empty
 * after cg_profile_free or a failure. */
bool cg_profile_parse(FILE *f, const char *name, cg_profile *p, char *why, size_t n);
bool cg_profile_read(const char *path, cg_profile *p, char *why, size_t n);
void cg_profile_free(cg_profile *p);

/* The function of that name, or SIZE_MAX. */
size_t cg_profile_find(const cg_profile *p, const char *name);

#endif
