/* The page primitives every section of report.html uses (a heading); below
 * the section writers, so none of them depends on the page driver. */
#include "report_html_parts.h"

void html_heading(html_page *pg, int level, const char *id, const char *text)
{
    fprintf(pg->f, "<h%d", level);
    if (id != NULL) {
        fputs(" id=\"", pg->f);
        html_put(pg->f, id);
        fputc('"', pg->f);
    }
    fputc('>', pg->f);
    html_put(pg->f, text);
    fprintf(pg->f, "</h%d>\n", level);
}
