#include "version.h"
#include "release.h"

#include <stdio.h>

/* Letter releases count a=1 .. y=25, then za=26, zb=27, ... (0.9.8zh = 0x21). */
static void patch_letters(int patch, char *buf, size_t len)
{
    if (patch <= 0)
        snprintf(buf, len, "%s", "");
    else if (patch < 26)
        snprintf(buf, len, "%c", 'a' + patch - 1);
    else
        snprintf(buf, len, "z%c", 'a' + patch - 26);
}

bool version_decode(unsigned long v, release_version *o)
{
    *o = (release_version){.number = v};
    o->major = (int)((v >> 28) & 0xf);
    o->minor = (int)((v >> 20) & 0xff);
    if (v > 0xffffffffUL || (o->major == 0 && o->minor == 0))
        return false;
    if (o->major >= 3) {
        o->new_layout = true;
        o->patch = (int)((v >> 4) & 0xff);
        o->status = 15;
        if (((v >> 12) & 0xff) != 0 || (v & 0xf) != 0)
            return false;
        o->series = o->major * 10000L + o->minor * 100L;
        snprintf(o->name, sizeof o->name, "%d.%d.%d", o->major, o->minor, o->patch);
        snprintf(o->claimed, sizeof o->claimed, "%s", o->name);
        return true;
    }
    o->fix = (int)((v >> 12) & 0xff);
    o->patch = (int)((v >> 4) & 0xff);
    o->status = (int)(v & 0xf);
    if (o->patch > 26 + 25)
        return false;
    o->series = o->major * 10000L + o->minor * 100L + o->fix;
    if (o->major == 0)
        o->series = o->minor * 100L + o->fix; /* 0.9.8 -> 908 */
    char letters[4];
    patch_letters(o->patch, letters, sizeof letters);
    const char *suffix = o->status == 15 ? "" : o->status == 0 ? "-dev" : "-beta";
    snprintf(o->name, sizeof o->name, "%d.%d.%d%s%s", o->major, o->minor, o->fix, letters,
             suffix);
    snprintf(o->claimed, sizeof o->claimed, "%s", o->name);
    return true;
}

const char *release_series_name(long s)
{
    static char buf[64];
    if (s >= R_300)
        snprintf(buf, sizeof buf, "%ld.%ld", s / 10000, s / 100 % 100);
    else if (s >= R_100)
        snprintf(buf, sizeof buf, "%ld.%ld.%ld", s / 10000, s / 100 % 100, s % 100);
    else
        snprintf(buf, sizeof buf, "0.%ld.%ld", s / 100, s % 100);
    return buf;
}
