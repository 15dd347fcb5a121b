#include "libcrypto.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The ELF machine this runner was compiled for: a library for another one
 * cannot be loaded.  An architecture missing here only skips this check
 * (dlopen still refuses, with its own words). */
#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__i386__)
#define HOST_MACHINE EM_386
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#elif defined(__arm__)
#define HOST_MACHINE EM_ARM
#elif defined(__riscv)
#define HOST_MACHINE EM_RISCV
#elif defined(__powerpc64__)
#define HOST_MACHINE EM_PPC64
#elif defined(__s390x__)
#define HOST_MACHINE EM_S390
#else
#define HOST_MACHINE EM_NONE
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_DATA ELFDATA2MSB
#else
#define HOST_DATA ELFDATA2LSB
#endif

static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_X86_64:
        return "x86-64";
    case EM_386:
        return "i386";
    case EM_AARCH64:
        return "aarch64";
    case EM_ARM:
        return "arm";
    case EM_RISCV:
        return "riscv";
    case EM_PPC64:
        return "ppc64";
    case EM_S390:
        return "s390x";
    default:
        return NULL;
    }
}

/* dlopen's own messages for these cases are cryptic ("invalid ELF header",
 * "file too short"); a user deserves to be told what the file is. */
libpath_verdict libpath_classify(const char *path, char *why, size_t n)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, n, "%s", strerror(errno));
        return LIBPATH_BAD;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, n, "is a directory, not a shared library");
        return LIBPATH_BAD;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, n, "is not a regular file");
        return LIBPATH_BAD;
    }
    if (st.st_size == 0) {
        snprintf(why, n, "is an empty file, not a shared library");
        return LIBPATH_BAD;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, n, "%s", strerror(errno));
        return LIBPATH_BAD;
    }
    Elf64_Ehdr eh;
    ssize_t got = read(fd, &eh, sizeof eh);
    close(fd);
    if (got < 4 || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) {
        snprintf(why, n, "is not a shared library (no ELF header)");
        return LIBPATH_BAD;
    }
    if (got < (ssize_t)sizeof eh) {
        snprintf(why, n, "is a truncated ELF file");
        return LIBPATH_BAD;
    }
    if (eh.e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)) {
        snprintf(why, n, "is a %s-bit library; this runner is %zu-bit",
                 eh.e_ident[EI_CLASS] == ELFCLASS32 ? "32" : "64", sizeof(void *) * 8);
        return LIBPATH_FOREIGN;
    }
    if (eh.e_ident[EI_DATA] != HOST_DATA) {
        snprintf(why, n, "is a %s-endian library; this runner is %s-endian",
                 eh.e_ident[EI_DATA] == ELFDATA2MSB ? "big" : "little",
                 HOST_DATA == ELFDATA2MSB ? "big" : "little");
        return LIBPATH_FOREIGN;
    }
    if (eh.e_type != ET_DYN) {
        snprintf(why, n, "is an ELF file but not a shared library");
        return LIBPATH_BAD;
    }
    if (HOST_MACHINE != EM_NONE && eh.e_machine != HOST_MACHINE) {
        const char *lib = machine_name(eh.e_machine);
        if (lib != NULL)
            snprintf(why, n, "is built for another architecture (%s; this runner is %s)", lib,
                     machine_name(HOST_MACHINE));
        else
            snprintf(why, n, "is built for another architecture (ELF machine %u)", eh.e_machine);
        return LIBPATH_FOREIGN;
    }
    return LIBPATH_OK;
}

bool libpath_check(const char *path, char *why, size_t n)
{
    return libpath_classify(path, why, n) == LIBPATH_OK;
}
