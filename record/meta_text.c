#include "meta_text.h"

#include <stdbool.h>
#include <string.h>

static bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

void meta_put_line(FILE *f, const char *key, const char *value)
{
    fprintf(f, "%s: ", key);
    for (const unsigned char *p = (const unsigned char *)value; *p != '\0'; p++)
        fputc(is_control(*p) ? ' ' : *p, f);
    fputc('\n', f);
}

void meta_put_shell_word(FILE *f, const char *s)
{
    /* no '=' or '%': a first word X=y would be an assignment, %1 a job */
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_@+:,./-";
    bool control = false;
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
        control = control || is_control(*p);
    if (*s != '\0' && strspn(s, safe) == strlen(s)) {
        fputs(s, f);
    } else if (!control) {
        fputc('\'', f);
        for (const char *p = s; *p != '\0'; p++)
            if (*p == '\'')
                fputs("'\\''", f);
            else
                fputc(*p, f);
        fputc('\'', f);
    } else {
        fputs("$'", f);
        for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
            if (is_control(*p))
                fprintf(f, "\\x%02x", *p);
            else if (*p == '\'' || *p == '\\')
                fprintf(f, "\\%c", *p);
            else
                fputc(*p, f);
        }
        fputc('\'', f);
    }
}
