/* What the release-history outputs (chart_timeline.c, timeline_notes.c)
 * know of a release beyond its label: the date its version string gives,
 * and the series it belongs to. */
#ifndef ANALYSIS_RELEASE_INFO_H
#define ANALYSIS_RELEASE_INFO_H

#include <stdbool.h>
#include <stddef.h>

#include "../compat/flavor.h"

/* The release date in a library's version string, "OpenSSL 3.0.20 1 Sep
 * 2025" -> "2025-09-01" (the last "DAY Mon YEAR" in it): out gets an ISO
 * date, or "" and false when there is none ("LibreSSL 3.9.2", a -dev
 * build's "xx XXX xxxx", a file without the version_text column).  Any
 * text is read, none of it copied: the date is made of digits only. */
bool release_date_parse(const char *version_text, char *out, size_t n);

/* The series of an OpenSSL release from its version number: "1.1.1",
 * "1.0.2", "0.9.8" (letter releases), "3.0", "3.10" (3.0 on); "" for a
 * fork or a number 0.  Releases of one series are one step's end. */
void release_series(unsigned long version_num, lib_flavor flavor, char *out, size_t n);

#endif
