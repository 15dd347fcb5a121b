/* dash_load (dashboard.h): the dashboard's steps in their order: the rows
 * and runs read, then their ratios and the machine's drift, then which
 * rows are changes. */
#include "dashboard.h"

bool dash_load(sqlite3 *db, dash_data *d, char *why, size_t n)
{
    if (!dash_read(db, d, why, n))
        return false;
    dash_ratios(d);
    dash_mark_changes(db, d);
    return true;
}
