/* Is gnuplot here, before a run whose charts need it?  A missing gnuplot
 * found after twenty minutes of measuring would waste them. */
#ifndef CHARTS_CHART_TOOLS_H
#define CHARTS_CHART_TOOLS_H

#include <stdbool.h>

/* true when gnuplot is on PATH.  Else tools/deps.sh charts (under repo) is
 * run, only then: as root with apt-get it installs the package, otherwise
 * it says the one line with the command to run; true when it succeeded. */
bool chart_tools_ready(const char *repo);

#endif
