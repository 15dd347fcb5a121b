#include "protocol.h"

#include <errno.h>
#include <unistd.h>

bool proto_write(int fd, const void *msg, size_t len)
{
    const char *p = msg;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

bool proto_read(int fd, void *msg, size_t len)
{
    char *p = msg;
    while (len > 0) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}
