/* The differential flame graph of a change.  Callgrind keeps, for each
 * function, what each of its callees cost it (cg_call), not whole stacks:
 * a frame's width on a path is the part of the function's inclusive cost
 * that path's calls account for, shared among callees as the function's
 * own calls were.  The same walk over the baseline's profile, by the same
 * names, gives the frame's cost there: its colour. */
#include "explain_svg.h"

#include "../analysis/html_escape.h"
#include "explain_write.h"
#include "../csv/units.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { WIDTH = 1200, FRAME_H = 17, MAX_DEPTH = 48, MAX_FRAMES = 4000, HEAD = 44 };
#define MIN_SHARE 0.004 /* frames narrower than this share of the width are left out */

typedef struct {
    const explained_lib *lib, *base;
    FILE *f;
    double root, scale; /* instr/op of the root; pixels per instr/op */
    size_t frames;
    int deepest;            /* the deepest frame drawn (a first pass with f NULL finds it) */
    size_t path[MAX_DEPTH]; /* function indexes of lib on the way down: no cycles */
} flame;

/* A function's cost (instr/op) on this path in a profile: its inclusive
 * cost times the path's share; the callee's share of that. */
static double edge_share(const explained_lib *l, size_t caller, size_t callee)
{
    const cg_profile *p = &l->prof;
    if (caller == SIZE_MAX || callee == SIZE_MAX || p->fn[caller].inclusive == 0)
        return 0;
    uint64_t cost = 0;
    for (size_t k = 0; k < p->ncall; k++) /* the calls are few per function: see frame() */
        if (p->call[k].caller == caller && p->call[k].callee == callee)
            cost += p->call[k].cost;
    return (double)cost / (double)p->fn[caller].inclusive;
}

static void colour(double lib, double base, char *out, size_t n)
{
    double most = fmax(lib, base), rel = most > 0 ? (lib - base) / most : 0;
    int k = (int)(200 * fmin(1, fabs(rel))); /* 0: grey-white, 200: saturated */
    if (fabs(rel) < 0.02)
        snprintf(out, n, "#e8e8e8");
    else if (rel > 0)
        snprintf(out, n, "#%02x%02x%02x", 255, 230 - k, 230 - k);
    else
        snprintf(out, n, "#%02x%02x%02x", 230 - k, 230 - k / 2, 255);
}

static void put_frame(flame *fl, size_t fn, double x, int depth, double lib, double base)
{
    const char *name = fl->lib->prof.fn[fn].name;
    double w = lib * fl->scale;
    int y = HEAD + depth * FRAME_H;
    char fill[16], a[48], b[48], d[48];
    colour(lib, base, fill, sizeof fill);
    unit_count_grouped(a, sizeof a, base, false);
    unit_count_grouped(b, sizeof b, lib, false);
    unit_count_grouped(d, sizeof d, lib - base, true);
    fputs("<g><title>", fl->f);
    html_put(fl->f, name);
    fprintf(fl->f, ": %s -> %s instr/op on this path (%s)</title>", a, b, d);
    fprintf(fl->f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
                   "stroke=\"#ffffff\" stroke-width=\"0.5\"/>",
            10 + x, y, w, FRAME_H - 1, fill);
    size_t room = w > 14 ? (size_t)((w - 6) / 7) : 0; /* about 7 px a character */
    if (room >= 3) {
        char shown[256];
        size_t len = strlen(name);
        snprintf(shown, sizeof shown, "%.*s%s", (int)(len > room ? room - 2 : len), name,
                 len > room ? ".." : "");
        fprintf(fl->f, "<text x=\"%.1f\" y=\"%d\">", 13 + x, y + 12);
        html_put(fl->f, shown);
        fputs("</text>", fl->f);
    }
    fputs("</g>\n", fl->f);
}

/* A frame and, left to right, its callees that are wide enough. */
static void frame(flame *fl, size_t fn, size_t bfn, double x, int depth, double lib, double base)
{
    if (fl->frames++ >= MAX_FRAMES)
        return;
    if (depth > fl->deepest)
        fl->deepest = depth;
    if (fl->f != NULL)
        put_frame(fl, fn, x, depth, lib, base);
    if (depth + 1 >= MAX_DEPTH)
        return;
    fl->path[depth] = fn;
    const cg_profile *p = &fl->lib->prof;
    for (size_t k = 0; k < p->ncall; k++) {
        const cg_call *c = &p->call[k];
        if (c->caller != fn || c->callee == fn)
            continue;
        bool cycle = false;
        for (int i = 0; i <= depth; i++)
            cycle = cycle || fl->path[i] == c->callee;
        double share = p->fn[fn].inclusive ? (double)c->cost / (double)p->fn[fn].inclusive : 0;
        double w = lib * share;
        if (cycle || w < MIN_SHARE * fl->root)
            continue;
        size_t bc = cg_profile_find(&fl->base->prof, p->fn[c->callee].name);
        frame(fl, c->callee, bc, x, depth + 1, w, base * edge_share(fl->base, bfn, bc));
        x += w * fl->scale;
    }
}

void explain_svg_flame(FILE *f, const explained_point *p, const point_diff *d)
{
    flame fl = {.lib = &p->lib[d->lib], .base = &p->lib[p->baseline]};
    size_t root = cg_profile_find(&fl.lib->prof, "osslbench_counted_run");
    size_t broot = cg_profile_find(&fl.base->prof, "osslbench_counted_run");
    double base_root = broot != SIZE_MAX ? fn_incl_per_op(fl.base, broot) : 0;
    if (root != SIZE_MAX) {
        fl.root = fn_incl_per_op(fl.lib, root);
        fl.scale = fl.root > 0 ? (WIDTH - 20) / fl.root : 0;
        frame(&fl, root, broot, 0, 0, fl.root, base_root); /* how deep it goes */
    }
    int height = HEAD + (fl.deepest + 1) * FRAME_H + 12;
    fl.f = f, fl.frames = 0;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono,monospace\" "
               "font-size=\"11\">\n<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n"
               "<text x=\"10\" y=\"18\" font-size=\"13\" font-weight=\"bold\" "
               "font-family=\"DejaVu Sans,sans-serif\">",
            WIDTH, height, WIDTH, height, WIDTH, height);
    html_put(f, p->workload);
    fprintf(f, " %s %s", p->api, p->op);
    if (p->bytes > 0)
        fprintf(f, " %" PRIu64 " B", p->bytes);
    fputs(": where ", f);
    html_put(f, fl.lib->row.label);
    fputs(" spends an operation; red grew, blue shrank against ", f);
    html_put(f, fl.base->row.label);
    fputs("</text>\n<text x=\"10\" y=\"34\" font-family=\"DejaVu Sans,sans-serif\" "
          "fill=\"#555555\">width: instructions per operation (callers to callees, top down; "
          "costs shared among callers as callgrind's calls were); hover for figures</text>\n",
          f);
    if (root == SIZE_MAX)
        fputs("<text x=\"10\" y=\"60\">no osslbench_counted_run in the profile</text>\n", f);
    else
        frame(&fl, root, broot, 0, 0, fl.root, base_root);
    fputs("</svg>\n", f);
}
