#include "cpuinfo.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    unsigned id;
    const char *vendor;
} implementers[] = {
#define IMPLEMENTER(id, vendor) {id, vendor},
#define PART(implementer, part, name)
#include "arm_parts.def"
#undef IMPLEMENTER
#undef PART
};

static const struct {
    unsigned implementer, part;
    const char *name;
} parts[] = {
#define IMPLEMENTER(id, vendor)
#define PART(implementer, part, name) {implementer, part, name},
#include "arm_parts.def"
#undef IMPLEMENTER
#undef PART
};

char *cpuinfo_read(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return NULL;
    size_t len = 0, cap = 0;
    char *text = NULL;
    for (;;) {
        if (cap - len < 4096) {
            char *grown = realloc(text, cap += 65536);
            if (grown == NULL) {
                free(text);
                fclose(f);
                return NULL;
            }
            text = grown;
        }
        size_t got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    fclose(f);
    text[len] = '\0';
    return text;
}

/* The value of the first "key<blanks>: value" line, copied to out (cut to
 * n); false when no line has that key.  Lines of any length: an x86 flags
 * line is over 1,500 characters. */
static bool field(const char *text, const char *key, char *out, size_t n)
{
    size_t klen = strlen(key);
    for (const char *line = text; line != NULL && *line != '\0';) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *colon = memchr(line, ':', len);
        if (colon != NULL) {
            size_t k = (size_t)(colon - line);
            while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t'))
                k--;
            if (k == klen && strncmp(line, key, klen) == 0) {
                const char *v = colon + 1;
                while (v < line + len && (*v == ' ' || *v == '\t'))
                    v++;
                size_t vlen = (size_t)(line + len - v);
                while (vlen > 0 && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t' || v[vlen - 1] == '\r'))
                    vlen--;
                if (vlen >= n)
                    vlen = n - 1;
                memcpy(out, v, vlen);
                out[vlen] = '\0';
                return true;
            }
        }
        line = end ? end + 1 : NULL;
    }
    return false;
}

/* "ARM Neoverse-N1" for a core arm_parts.def knows, "ARM part 0xd99" for a
 * known vendor only; false for neither. */
static bool arm_core_name(unsigned implementer, unsigned part, char *out, size_t n)
{
    const char *vendor = NULL;
    for (size_t i = 0; i < sizeof implementers / sizeof *implementers; i++)
        if (implementers[i].id == implementer)
            vendor = implementers[i].vendor;
    if (vendor == NULL)
        return false;
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (parts[i].implementer == implementer && parts[i].part == part) {
            snprintf(out, n, "%s %s", vendor, parts[i].name);
            return true;
        }
    snprintf(out, n, "%s part 0x%03x", vendor, part);
    return true;
}

static bool hex_value(const char *s, unsigned *out)
{
    char *end;
    unsigned long v = strtoul(s, &end, 16);
    if (end == s || *end != '\0' || v > 0xffff)
        return false;
    *out = (unsigned)v;
    return true;
}

void cpuinfo_model(const char *text, char *out, size_t n)
{
    static const char *const keys[] = {"model name", "Model", "Hardware", "uarch", "cpu model",
                                       "cpu"};
    snprintf(out, n, "unknown");
    if (text == NULL)
        return;
    char implementer[32], part[32];
    bool arm = field(text, "CPU implementer", implementer, sizeof implementer);
    bool have_part = field(text, "CPU part", part, sizeof part);
    unsigned imp, pn;
    /* A decoded core first: 32-bit kernels' "model name" is the generic
     * "ARMv7 Processor rev 4 (v7l)", a board's "Model" names the board. */
    if (arm && have_part && hex_value(implementer, &imp) && hex_value(part, &pn) &&
        arm_core_name(imp, pn, out, n))
        return;
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
        if (field(text, keys[k], out, n) && out[0] != '\0')
            return;
    if (arm)
        snprintf(out, n, "implementer %s part %s", implementer, have_part ? part : "unknown");
    else
        snprintf(out, n, "unknown");
}

void cpuinfo_flags(const char *text, char *out, size_t n)
{
    static const char *const keys[] = {"flags", "Features", "isa"};
    for (size_t k = 0; text != NULL && k < sizeof keys / sizeof *keys; k++)
        if (field(text, keys[k], out, n) && out[0] != '\0')
            return;
    snprintf(out, n, "unknown");
}
