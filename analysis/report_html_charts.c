#define _GNU_SOURCE
/* The charts of a page: charts.list read as data, each chart's SVG an inert
 * image in the page (svg_image.c) or, when it was not drawn, a visible note. */
#include "report_html_parts.h"
#include "svg_image.h"
#include "../record/folder_file.h"
#include "../record/room.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* What the SVGs of one page may add up to (a third more once encoded): a
 * folder of gnuplot charts is a few MiB; a chart past it is named as left out. */
enum { PAGE_CHARTS_MAX = 12 << 20 };

static bool is_file_name(const char *s)
{
    char tok[sizeof ((html_chart *)0)->name];
    report_file_token(s, tok, sizeof tok);
    return s[0] != '\0' && strcmp(tok, s) == 0;
}

/* Field k (0-based) of a TAB-separated line, cut to n bytes. */
static void field(const char *line, int k, char *out, size_t n)
{
    for (; k > 0 && line != NULL; k--)
        line = (line = strchr(line, '\t')) ? line + 1 : NULL;
    size_t len = line ? strcspn(line, "\t\r\n") : 0;
    snprintf(out, n, "%.*s", (int)len, line ? line : "");
}

/* name inside the charts' folder, as folder_file_open_in takes it. */
static void chart_file(const html_charts *c, const char *name, char *rel, size_t n)
{
    snprintf(rel, n, "%s%s%s", c->sub, c->sub[0] ? "/" : "", name);
}

static void add_line(html_charts *out, const char *line)
{
    out->c = room_for_one(out->c, out->n, sizeof *out->c);
    html_chart *c = &out->c[out->n++];
    field(line, 0, c->kind, sizeof c->kind);
    field(line, 1, c->name, sizeof c->name);
    field(line, 3, c->title, sizeof c->title);
}

void html_charts_read(const char *in, const char *dir, html_charts *out)
{
    *out = (html_charts){.n = 0};
    if (dir == NULL)
        return;
    snprintf(out->root, sizeof out->root, "%s", in != NULL ? in : dir);
    snprintf(out->sub, sizeof out->sub, "%s", in != NULL ? dir : "");
    char rel[512], why[128], *line = NULL;
    chart_file(out, "charts.list", rel, sizeof rel);
    FILE *f = folder_file_open_in(out->root, rel, FOLDER_FILE_TEXT_MAX, why, sizeof why);
    if (f == NULL) {
        if (strcmp(why, "missing") != 0)
            snprintf(out->refused, sizeof out->refused, "%s: %s", rel, why);
        return;
    }
    out->listed = true;
    size_t len = 0;
    while (folder_file_line(f, &line, &len) >= 0)
        if (out->n < FOLDER_LIST_MAX)
            add_line(out, line);
        else
            out->left_out++;
    free(line);
    fclose(f);
    for (size_t i = 0; i < out->n; i++)
        name_index_put(&out->by_name, out->c[i].name, i);
}

void html_charts_free(html_charts *c)
{
    free(c->c);
    name_index_free(&c->by_name);
    *c = (html_charts){.n = 0};
}

size_t html_chart_find(const html_charts *c, const char *name)
{
    size_t i = name_index_get(&c->by_name, name);
    return i == NAME_INDEX_NONE ? c->n : i;
}

/* The whole file, NUL-terminated, or NULL (why says so). */
static char *slurp(const html_charts *c, const char *rel, size_t *len, char *why, size_t n)
{
    FILE *f = folder_file_open_in(c->root, rel, FOLDER_FILE_SVG_MAX, why, n);
    if (f == NULL) {
        if (strcmp(why, "missing") == 0)
            snprintf(why, n, "not drawn");
        return NULL;
    }
    char *buf = malloc(FOLDER_FILE_SVG_MAX + 1);
    *len = buf ? fread(buf, 1, FOLDER_FILE_SVG_MAX + 1, f) : 0;
    bool bad = buf == NULL || ferror(f) || *len > FOLDER_FILE_SVG_MAX || *len == 0;
    fclose(f);
    if (bad) {
        snprintf(why, n, "%s", buf == NULL ? "out of memory" : *len ? "unreadable or too large" : "empty");
        free(buf);
        return NULL;
    }
    buf[*len] = '\0';
    return buf;
}

/* Whether the chart at path is embedded in this place of the page already
 * (a charts.list that lists one chart many times embeds it once: in the
 * charts section, and once beside the changes); remembers it if not. */
static bool embedded_before(html_page *pg, const char *path, bool anchor)
{
    char *copy = NULL;
    if (asprintf(&copy, "%s%s", anchor ? "#" : "", path) < 0)
        abort();
    if (name_index_get(&pg->seen, copy) != NAME_INDEX_NONE) {
        free(copy);
        return true;
    }
    pg->embedded = room_for_one(pg->embedded, pg->nembedded, sizeof *pg->embedded);
    pg->embedded[pg->nembedded++] = copy;
    name_index_put(&pg->seen, copy, pg->nembedded - 1);
    return false;
}

void html_page_free(html_page *pg)
{
    for (size_t i = 0; i < pg->nembedded; i++)
        free(pg->embedded[i]);
    free(pg->embedded);
    name_index_free(&pg->seen);
    pg->embedded = NULL;
    pg->nembedded = 0;
}

void html_put_no_chart(html_page *pg, const char *name)
{
    fputs("<p class=\"nochart\">No chart of this: charts.list has no ", pg->f);
    html_put(pg->f, name);
    fputs(".</p>\n", pg->f);
}

void html_put_chart(html_page *pg, const html_charts *c, size_t i, bool anchor)
{
    const html_chart *ch = &c->c[i];
    if (!is_file_name(ch->name)) {
        fputs("<p class=\"bad\">charts.list names a chart that is not a file name.</p>\n", pg->f);
        return;
    }
    char path[4800], rel[512], file[210], why[128];
    snprintf(file, sizeof file, "%s.svg", ch->name);
    chart_file(c, file, rel, sizeof rel);
    snprintf(path, sizeof path, "%s/%s", c->root, rel);
    size_t len = 0;
    char *svg = NULL;
    if (embedded_before(pg, path, anchor))
        snprintf(why, sizeof why, "shown once on this page, above");
    else if ((svg = slurp(c, rel, &len, why, sizeof why)) != NULL && len > PAGE_CHARTS_MAX - pg->chart_bytes) {
        snprintf(why, sizeof why, "left out: the page's charts would pass %d MiB", PAGE_CHARTS_MAX >> 20);
        free(svg);
        svg = NULL;
    } else if (svg != NULL) {
        pg->chart_bytes += len;
    }
    fputs("<figure class=\"chart\" data-chart=\"", pg->f);
    html_put(pg->f, ch->name);
    if (anchor) {
        fputs("\" id=\"chart-", pg->f);
        html_put(pg->f, ch->name);
    }
    fputs("\">\n", pg->f);
    if (svg == NULL || !svg_image_put(pg->f, svg, len, ch->title, why, sizeof why)) {
        fputs("<p class=\"bad nochart\">Chart ", pg->f);
        html_put(pg->f, ch->name);
        fputs(": ", pg->f);
        html_put(pg->f, why);
        fputs(".</p>\n", pg->f);
    }
    free(svg);
    if (anchor) { /* beside a change, the heading above says it */
        fputs("\n<figcaption>", pg->f);
        html_put(pg->f, ch->title);
        fputs("</figcaption>", pg->f);
    }
    fputs("</figure>\n", pg->f);
}

/* The group of a chart: the longest of groups that its name continues
 * after "<kind>-" (up to a '-' or its end), else ngroup. */
static size_t group_of(const html_chart *ch, const char *const *groups, size_t ngroup)
{
    const char *rest = strchr(ch->name, '-');
    size_t best = ngroup, best_len = 0;
    for (size_t g = 0; rest != NULL && g < ngroup; g++) {
        char tok[64];
        report_file_token(groups[g], tok, sizeof tok);
        size_t n = strlen(tok);
        if (n > best_len && strncmp(rest + 1, tok, n) == 0 &&
            (rest[1 + n] == '\0' || rest[1 + n] == '-')) {
            best = g;
            best_len = n;
        }
    }
    return best;
}

void html_put_chart_groups(html_page *pg, const html_charts *c, const char *const *groups,
                           size_t ngroup, int level)
{
    if (c->refused[0] != '\0') {
        fputs("<p class=\"bad\">", pg->f);
        html_put(pg->f, c->refused);
        fputs(": not shown (a file of the run folder is read only as a regular file inside it).</p>\n", pg->f);
        return;
    }
    if (!c->listed) {
        fputs("<p class=\"bad\">No charts.list: the charts were not drawn (make plots).</p>\n",
              pg->f);
        return;
    }
    if (c->left_out > 0)
        fprintf(pg->f, "<p class=\"bad\">charts.list has %zu lines past the first %d: not shown.</p>\n",
                c->left_out, FOLDER_LIST_MAX);
    for (size_t g = 0; g <= ngroup; g++) {
        bool any = false;
        for (size_t i = 0; i < c->n; i++) {
            if (group_of(&c->c[i], groups, ngroup) != g)
                continue;
            if (!any)
                html_heading(pg, level, NULL, g < ngroup ? groups[g] : "Other charts");
            any = true;
            html_put_chart(pg, c, i, true);
        }
    }
}
