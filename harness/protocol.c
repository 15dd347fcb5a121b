#include "protocol.h"

#include <errno.h>
#include <unistd.h>

/* All `len` bytes through one pipe, in as many calls as it takes, retrying a
 * call a signal interrupted; false on an error or the other end closing.
 * write() only reads `p`: the one pointer type serves both directions. */
static bool transfer(int fd, char *p, size_t len, bool writing)
{
    while (len > 0) {
        ssize_t n = writing ? write(fd, p, len) : read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

bool proto_write(int fd, const void *msg, size_t len)
{
    return transfer(fd, (char *)msg, len, true);
}

bool proto_read(int fd, void *msg, size_t len)
{
    return transfer(fd, msg, len, false);
}
