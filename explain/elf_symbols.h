/* Whether callgrind can name a library's own functions: a library built by
 * `make builds` keeps its symbol table (.symtab); a distribution's library
 * is stripped to its exported (dynamic) symbols unless its debug file is
 * installed (/usr/lib/debug/.build-id/), and then callgrind names what it
 * cannot place by an address (0x...) or by the exported function before it. */
#ifndef EXPLAIN_ELF_SYMBOLS_H
#define EXPLAIN_ELF_SYMBOLS_H

typedef enum { SYMBOLS_FULL, SYMBOLS_DYNAMIC_ONLY, SYMBOLS_UNKNOWN } symbol_names;

symbol_names elf_symbol_names(const char *path);

#endif
