/* Several hosts' results as one view: inputs, labels, the union of releases
 * and points, look-ups and cross-host ratios (see report_hosts.h). */
#include "report_hosts.h"
#include "../record/folder_file.h"
#include "../csv/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void die_oom(void)
{
    fputs("osslbench: out of memory\n", stderr);
    abort();
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The value of "key: value" in a run folder's metadata.txt, or "". */
static void metadata_value(const char *dir, const char *key, char *out, size_t n)
{
    char path[4200], why[128], *line = NULL;
    size_t klen = strlen(key), cap = 0;
    out[0] = '\0';
    snprintf(path, sizeof path, "%s/metadata.txt", dir);
    FILE *f = folder_file_open(path, FOLDER_FILE_TEXT_MAX, why, sizeof why);
    if (f == NULL)
        return;
    while (folder_file_line(f, &line, &cap) >= 0)
        if (strncmp(line, key, klen) == 0 && line[klen] == ':') {
            snprintf(out, n, "%s", line + klen + 1 + (line[klen + 1] == ' '));
            break;
        }
    free(line);
    fclose(f);
}

/* The last path component of s (without a trailing '/'). */
static void base_name(const char *s, char *out, size_t n)
{
    size_t len = strlen(s);
    while (len > 1 && s[len - 1] == '/')
        len--;
    size_t start = len;
    while (start > 0 && s[start - 1] != '/')
        start--;
    snprintf(out, n, "%.*s", (int)(len - start), s + start);
}

static bool is_label_start(const char *s, size_t len)
{
    if (len == 0 || len >= 64)
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-' || c == '+' || c == '@'))
            return false;
    }
    return true;
}

bool hosts_add(hosts_report *h, const char *input, char *why, size_t n)
{
    if (h->nhost >= HOSTS_MAX) {
        snprintf(why, n, "more than %d hosts", HOSTS_MAX);
        return false;
    }
    char label[64] = "", path[4000];
    const char *eq = strchr(input, '=');
    if (eq != NULL && is_label_start(input, (size_t)(eq - input)) && !is_dir(input)) {
        snprintf(label, sizeof label, "%.*s", (int)(eq - input), input);
        input = eq + 1;
    }
    if (strlen(input) >= sizeof path) {
        snprintf(why, n, "path too long: %.64s...", input);
        return false;
    }
    snprintf(path, sizeof path, "%s", input);
    hosts_host *host = realloc(h->host, (h->nhost + 1) * sizeof *h->host);
    if (host == NULL)
        die_oom();
    h->host = host;
    hosts_host *x = &h->host[h->nhost];
    *x = (hosts_host){0};
    bool folder = is_dir(path);
    if (folder) {
        snprintf(x->csv, sizeof x->csv, "%s/results.csv", path);
        if (label[0] == '\0')
            metadata_value(path, "host", label, sizeof label);
    } else {
        snprintf(x->csv, sizeof x->csv, "%s", path);
    }
    if (!csv_read_file(x->csv, !folder, &x->set, why, n))
        return false;
    if (x->set.warning[0] != '\0')
        fprintf(stderr, "osslbench report: warning: %s\n", x->set.warning);
    if (x->set.count == 0) {
        snprintf(why, n, "%s: no result rows", x->csv);
        result_set_free(&x->set);
        return false;
    }
    if (label[0] == '\0')
        snprintf(label, sizeof label, "%s", x->set.rows[0].host);
    if (label[0] == '\0')
        base_name(path, label, sizeof label);
    report_file_token(label, x->label, sizeof x->label);
    h->nhost++;
    return true;
}

static int cmp_release(const void *a, const void *b)
{
    const hosts_release *x = a, *y = b;
    bool xv = x->version_num != 0, yv = y->version_num != 0;
    if (xv != yv)
        return xv ? -1 : 1; /* a library that never loaded goes last */
    if (x->version_num != y->version_num)
        return x->version_num < y->version_num ? -1 : 1;
    return strcmp(x->label, y->label);
}

static bool same_point(const result_row *row, const report_point *p)
{
    return row->bytes == p->bytes && strcmp(row->workload, p->workload) == 0 &&
           strcmp(row->api, p->api) == 0 && strcmp(row->op, p->op) == 0;
}

/* One thread in one process (0: a file from before the columns). */
static bool serial_row(const result_row *row)
{
    return row->threads <= 1 && row->procs <= 1;
}

static void add_row(hosts_report *h, size_t host, const result_row *row, size_t cap)
{
    if (!serial_row(row)) {
        h->multi_worker_rows++;
        return;
    }
    size_t k = 0;
    while (k < h->nrel && strcmp(h->rel[k].label, row->label) != 0)
        k++;
    if (k == h->nrel) {
        if (h->nrel == cap)
            return;
        snprintf(h->rel[h->nrel++].label, sizeof h->rel[0].label, "%s", row->label);
    }
    if (h->rel[k].version_num == 0)
        h->rel[k].version_num = row->version_num;
    if (row->status == ST_OK)
        h->rel[k].on |= 1UL << host;
    if (row->workload[0] == '\0' || row->api[0] == '\0')
        return; /* a library that never loaded: no point */
    size_t j = 0;
    while (j < h->npt && !same_point(row, &h->pt[j].p))
        j++;
    if (j == h->npt) {
        if (h->npt == cap)
            return;
        hosts_point *q = &h->pt[h->npt++];
        *q = (hosts_point){.p.bytes = row->bytes};
        snprintf(q->p.workload, sizeof q->p.workload, "%s", row->workload);
        snprintf(q->p.api, sizeof q->p.api, "%s", row->api);
        snprintf(q->p.op, sizeof q->p.op, "%s", row->op);
    }
    if (h->pt[j].unit[0] == '\0' && row->status == ST_OK)
        snprintf(h->pt[j].unit, sizeof h->pt[j].unit, "%s", row->unit);
}

static const char *host_label(const void *set, size_t i)
{
    return ((const hosts_report *)set)->host[i].label;
}

bool hosts_finish(hosts_report *h, const char *reference, char *why, size_t n)
{
    if (h->nhost < 2) {
        snprintf(why, n, "a report over hosts needs at least two results (got %zu)", h->nhost);
        return false;
    }
    for (size_t a = 0; a < h->nhost; a++)
        for (size_t b = a + 1; b < h->nhost; b++)
            if (strcmp(h->host[a].label, h->host[b].label) == 0) {
                snprintf(why, n,
                         "two inputs are host '%s' (%s, %s): name them LABEL=PATH",
                         h->host[a].label, h->host[a].csv, h->host[b].csv);
                return false;
            }
    size_t cap = 0;
    for (size_t i = 0; i < h->nhost; i++)
        cap += h->host[i].set.count;
    h->rel = calloc(cap, sizeof *h->rel);
    h->pt = calloc(cap, sizeof *h->pt);
    if (h->rel == NULL || h->pt == NULL)
        die_oom();
    for (size_t i = 0; i < h->nhost; i++)
        for (size_t r = 0; r < h->host[i].set.count; r++)
            add_row(h, i, &h->host[i].set.rows[r], cap);
    qsort(h->rel, h->nrel, sizeof *h->rel, cmp_release);
    h->reference = 0;
    if (reference != NULL) {
        while (h->reference < h->nhost && strcmp(h->host[h->reference].label, reference) != 0)
            h->reference++;
        if (h->reference == h->nhost) {
            report_unknown_label(why, n, "reference host", reference, "hosts", host_label, h,
                                 h->nhost);
            return false;
        }
    }
    return true;
}

void hosts_free(hosts_report *h)
{
    for (size_t i = 0; i < h->nhost; i++)
        result_set_free(&h->host[i].set);
    free(h->host);
    free(h->rel);
    free(h->pt);
    *h = (hosts_report){0};
}

const result_row *hosts_find_any(const hosts_report *h, size_t host, size_t rel,
                                 const report_point *p)
{
    const result_set *s = &h->host[host].set;
    const result_row *any = NULL;
    for (size_t i = 0; i < s->count; i++) {
        const result_row *row = &s->rows[i];
        if (strcmp(row->label, h->rel[rel].label) != 0 || !serial_row(row) ||
            !same_point(row, p))
            continue;
        if (row->status == ST_OK)
            return row;
        if (any == NULL)
            any = row;
    }
    return any;
}

const result_row *hosts_find(const hosts_report *h, size_t host, size_t rel,
                             const report_point *p)
{
    const result_row *row = hosts_find_any(h, host, rel, p);
    return row != NULL && row->status == ST_OK ? row : NULL;
}

report_ratio hosts_ratio(const hosts_report *h, size_t host, size_t rel, const report_point *p)
{
    const result_row *a = hosts_find(h, host, rel, p);
    const result_row *b = hosts_find(h, h->reference, rel, p);
    if (a == NULL || b == NULL)
        return report_speedup(NULL, NULL);
    /* Two machines' samples were not taken side by side, even when their
     * runs started in the same second: no timestamp, no pairing. */
    result_row x = *a, y = *b;
    x.timestamp[0] = y.timestamp[0] = '\0';
    return report_speedup(&x, &y);
}

bool hosts_is_rate_per_op(const hosts_point *p)
{
    return unit_is_ops(p->unit);
}
