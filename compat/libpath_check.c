#include "libcrypto.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)
#define HOST_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define HOST_MACHINE EM_AARCH64
#else
#define HOST_MACHINE EM_NONE
#endif

/* dlopen's own messages for these cases are cryptic ("invalid ELF header",
 * "file too short"); a user deserves to be told what the file is. */
bool libpath_check(const char *path, char *why, size_t n)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(why, n, "%s", strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        snprintf(why, n, "is a directory, not a shared library");
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, n, "is not a regular file");
        return false;
    }
    if (st.st_size == 0) {
        snprintf(why, n, "is an empty file, not a shared library");
        return false;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, n, "%s", strerror(errno));
        return false;
    }
    Elf64_Ehdr eh;
    ssize_t got = read(fd, &eh, sizeof eh);
    close(fd);
    if (got < 4 || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) {
        snprintf(why, n, "is not a shared library (no ELF header)");
        return false;
    }
    if (got < (ssize_t)sizeof eh) {
        snprintf(why, n, "is a truncated ELF file");
        return false;
    }
    if (eh.e_ident[EI_CLASS] != (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32)) {
        snprintf(why, n, "is a %s-bit library; this runner is %zu-bit",
                 eh.e_ident[EI_CLASS] == ELFCLASS32 ? "32" : "64", sizeof(void *) * 8);
        return false;
    }
    if (eh.e_type != ET_DYN) {
        snprintf(why, n, "is an ELF file but not a shared library");
        return false;
    }
    if (HOST_MACHINE != EM_NONE && eh.e_machine != HOST_MACHINE) {
        snprintf(why, n, "is built for another architecture (ELF machine %u)", eh.e_machine);
        return false;
    }
    return true;
}
