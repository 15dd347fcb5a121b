/* The bar chart of a change: per function, the baseline's and the
 * library's self instructions per operation side by side, the largest
 * increases on top, then the largest decreases. */
#include "explain_svg.h"

#include "../analysis/html_escape.h"
#include "../analysis/report.h"
#include "explain_write.h"
#include "../csv/units.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

enum { WIDTH = 960, NAME_W = 300, ROW_H = 30, TOP = 62, BAR_W = 500 };

void explain_chart_names(const explained_point *p, const point_diff *d, char *bars, char *flame,
                         size_t n)
{
    char point[200], token[200];
    snprintf(point, sizeof point, "%s-%s-%s-%" PRIu64 "-%s", p->workload, p->api, p->op,
             p->bytes, p->lib[d->lib].row.label);
    report_file_token(point, token, sizeof token);
    snprintf(bars, n, "explain-%s.svg", token);
    snprintf(flame, n, "flame-%s.svg", token);
}

/* The rows shown: up to top increases, then up to half as many decreases. */
static size_t pick(const point_diff *d, size_t top, const function_change **rows)
{
    size_t n = 0;
    for (const function_change *c; n < top && (c = diff_nth(d, n, true, 0.5)) != NULL;)
        rows[n++] = c;
    size_t up = n;
    for (const function_change *c;
         n < up + (top + 1) / 2 && (c = diff_nth(d, n - up, false, 0.5)) != NULL;)
        rows[n++] = c;
    return n;
}

static void put_title(FILE *f, const explained_point *p, const point_diff *d)
{
    char total[48];
    unit_count_grouped(total, sizeof total, d->delta, true);
    html_put(f, p->workload);
    fputc(' ', f);
    html_put(f, p->api);
    fputc(' ', f);
    html_put(f, p->op);
    if (p->bytes > 0)
        fprintf(f, " %" PRIu64 " B", p->bytes);
    fputs(": ", f);
    html_put(f, p->lib[d->lib].row.label);
    fputs(" against ", f);
    html_put(f, p->lib[p->baseline].row.label);
    fprintf(f, ", %s instr/op", total);
}

static void legend(FILE *f, int x, const char *color, const char *label)
{
    fprintf(f, "<rect x=\"%d\" y=\"38\" width=\"12\" height=\"12\" fill=\"%s\"/>"
               "<text x=\"%d\" y=\"49\">", x, color, x + 16);
    html_put(f, label);
    fputs("</text>\n", f);
}

static void bar_row(FILE *f, const function_change *c, const point_diff *d, double scale, int y)
{
    char delta[48], base[48], lib[48];
    unit_count_grouped(delta, sizeof delta, c->delta, true);
    unit_count_grouped(base, sizeof base, c->base_self, false);
    unit_count_grouped(lib, sizeof lib, c->lib_self, false);
    fprintf(f, "<g><title>");
    html_put(f, c->name);
    fprintf(f, ": %s -> %s instr/op (%s", base, lib, delta);
    if (d->delta != 0)
        fprintf(f, ", %.1f%% of the change", 100 * c->delta / d->delta);
    fprintf(f, ")</title>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", NAME_W - 6, y + 18);
    char shown[48];
    snprintf(shown, sizeof shown, "%.44s%s", c->name, strlen(c->name) > 44 ? "..." : "");
    html_put(f, shown);
    fprintf(f, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"11\" fill=\"#7a8fa6\"/>"
               "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"11\" fill=\"%s\"/>\n",
            NAME_W, y + 3, c->base_self * scale, NAME_W, y + 15, c->lib_self * scale,
            c->delta > 0 ? "#d9534f" : "#3a7bd5");
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s%s</text></g>\n",
            NAME_W + BAR_W + 10, y + 18, delta,
            c->base_fn == SIZE_MAX ? " (new)" : c->lib_fn == SIZE_MAX ? " (gone)" : "");
}

void explain_svg_bars(FILE *f, const explained_point *p, const point_diff *d, size_t top)
{
    const function_change *rows[64];
    size_t n = pick(d, top > 32 ? 32 : top, rows);
    double most = 0;
    for (size_t i = 0; i < n; i++)
        most = fmax(most, fmax(rows[i]->base_self, rows[i]->lib_self));
    double scale = most > 0 ? BAR_W / most : 0;
    int height = TOP + (int)(n ? n : 1) * ROW_H + 34;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans,sans-serif\" font-size=\"12\">\n"
               "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n<text x=\"10\" y=\"22\" "
               "font-size=\"14\" font-weight=\"bold\">",
            WIDTH, height, WIDTH, height, WIDTH, height);
    put_title(f, p, d);
    fputs("</text>\n", f);
    legend(f, NAME_W, "#7a8fa6", p->lib[p->baseline].row.label);
    legend(f, NAME_W + 170, "#d9534f", p->lib[d->lib].row.label);
    fprintf(f, "<text x=\"%d\" y=\"49\">self instructions per operation</text>\n", NAME_W + 340);
    for (size_t i = 0; i < n; i++)
        bar_row(f, rows[i], d, scale, TOP + (int)i * ROW_H);
    if (n == 0)
        fprintf(f, "<text x=\"%d\" y=\"%d\">no function changed by half an instruction per "
                   "operation or more</text>\n", NAME_W, TOP + 18);
    fprintf(f, "<text x=\"10\" y=\"%d\" font-size=\"11\" fill=\"#555555\">osslbench explain: "
               "callgrind's count of one sample, per operation; each function's own "
               "instructions, without what it calls</text>\n</svg>\n",
            height - 12);
}
