#include "release_info.h"

#include <stdio.h>
#include <string.h>

static int month_of(const char *s)
{
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    for (int m = 0; m < 12; m++)
        if (strncmp(s, months + 3 * m, 3) == 0)
            return m + 1;
    return 0;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* "D Mon YYYY" or "DD Mon YYYY" at s, followed by the end or a blank. */
static bool date_at(const char *s, int *y, int *m, int *d)
{
    size_t i = 0;
    int day = 0;
    while (i < 2 && is_digit(s[i]))
        day = day * 10 + (s[i++] - '0');
    if (i == 0 || s[i] != ' ')
        return false;
    while (s[i] == ' ')
        i++;
    int month = month_of(s + i);
    if (month == 0 || s[i + 3] != ' ')
        return false;
    i += 3;
    while (s[i] == ' ')
        i++;
    int year = 0;
    for (int k = 0; k < 4; k++, i++) {
        if (!is_digit(s[i]))
            return false;
        year = year * 10 + (s[i] - '0');
    }
    if ((s[i] != '\0' && s[i] != ' ') || day < 1 || day > 31 || year < 1990)
        return false;
    *y = year, *m = month, *d = day;
    return true;
}

bool release_date_parse(const char *version_text, char *out, size_t n)
{
    int y = 0, m = 0, d = 0;
    bool found = false;
    for (const char *s = version_text; s != NULL && *s; s++)
        if (is_digit(*s) && (s == version_text || s[-1] == ' '))
            found |= date_at(s, &y, &m, &d);
    if (n > 0)
        out[0] = '\0';
    if (found)
        snprintf(out, n, "%04d-%02d-%02d", y, m, d);
    return found;
}

void release_series(unsigned long v, lib_flavor flavor, char *out, size_t n)
{
    unsigned major = (unsigned)(v >> 28) & 0xf, minor = (unsigned)(v >> 20) & 0xff,
             fix = (unsigned)(v >> 12) & 0xff;
    if (flavor != FLAVOR_OPENSSL || v == 0)
        snprintf(out, n, "%s", "");
    else if (major >= 3)
        snprintf(out, n, "%u.%u", major, minor);
    else
        snprintf(out, n, "%u.%u.%u", major, minor, fix);
}
