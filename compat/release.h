/* Release generations, as comparable numbers, for the since/until columns of
 * symbols.def and for "needs X or later" messages.  Up to 1.1.x a generation
 * is major.minor.fix (the letter releases of one fix level share an API);
 * from 3.0 it is major.minor. */
#ifndef COMPAT_RELEASE_H
#define COMPAT_RELEASE_H

#define R_NONE (-1L) /* not a libcrypto function at all */
#define R_FORK (-2L) /* exported by a fork only, never by OpenSSL */
#define R_098 908L
#define R_100 10000L
#define R_101 10001L
#define R_102 10002L
#define R_110 10100L
#define R_111 10101L
#define R_300 30000L
#define R_320 30200L
#define R_340 30400L
#define R_350 30500L
#define R_360 30600L
#define R_400 40000L
#define R_MAX 9999999L

/* "1.0.1" for R_101, "3.0" for R_300 */
const char *release_series_name(long series);

#endif
