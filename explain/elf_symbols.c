#define _GNU_SOURCE
#include "elf_symbols.h"

#include <elf.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool read_at(int fd, void *buf, size_t n, off_t at)
{
    return pread(fd, buf, n, at) == (ssize_t)n;
}

/* The build id's debug file that gdb and valgrind look for, if installed. */
static bool debug_file_installed(int fd, const Elf64_Ehdr *eh)
{
    for (unsigned i = 0; i < eh->e_phnum; i++) {
        Elf64_Phdr ph;
        if (!read_at(fd, &ph, sizeof ph, (off_t)(eh->e_phoff + (uint64_t)i * eh->e_phentsize)))
            return false;
        if (ph.p_type != PT_NOTE || ph.p_filesz > 4096)
            continue;
        unsigned char note[4096];
        if (!read_at(fd, note, ph.p_filesz, (off_t)ph.p_offset))
            return false;
        for (size_t at = 0; at + sizeof(Elf64_Nhdr) <= ph.p_filesz;) {
            Elf64_Nhdr nh;
            memcpy(&nh, note + at, sizeof nh);
            size_t name = at + sizeof nh, desc = name + ((nh.n_namesz + 3) & ~3u);
            if (desc + nh.n_descsz > ph.p_filesz)
                break;
            if (nh.n_type == NT_GNU_BUILD_ID && nh.n_descsz >= 2 && nh.n_descsz <= 64) {
                char path[200];
                int k = snprintf(path, sizeof path, "/usr/lib/debug/.build-id/%02x/", note[desc]);
                for (size_t b = 1; b < nh.n_descsz; b++)
                    k += snprintf(path + k, sizeof path - (size_t)k, "%02x", note[desc + b]);
                snprintf(path + k, sizeof path - (size_t)k, ".debug");
                return access(path, R_OK) == 0;
            }
            at = desc + ((nh.n_descsz + 3) & ~3u);
        }
    }
    return false;
}

symbol_names elf_symbol_names(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return SYMBOLS_UNKNOWN;
    Elf64_Ehdr eh;
    symbol_names out = SYMBOLS_UNKNOWN;
    if (!read_at(fd, &eh, sizeof eh, 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr)) {
        close(fd);
        return out;
    }
    out = SYMBOLS_DYNAMIC_ONLY;
    for (unsigned i = 0; i < eh.e_shnum; i++) {
        Elf64_Shdr sh;
        if (!read_at(fd, &sh, sizeof sh, (off_t)(eh.e_shoff + (uint64_t)i * sizeof sh))) {
            out = SYMBOLS_UNKNOWN;
            break;
        }
        if (sh.sh_type == SHT_SYMTAB && sh.sh_size > 0) {
            out = SYMBOLS_FULL;
            break;
        }
    }
    if (out == SYMBOLS_DYNAMIC_ONLY && debug_file_installed(fd, &eh))
        out = SYMBOLS_FULL;
    close(fd);
    return out;
}
