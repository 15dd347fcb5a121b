/* Text from outside the program (argv, /proc/cpuinfo, host and library
 * names) on its way into metadata.txt, whose readers take a line as one
 * "key: value".  These two are the only places that escape it. */
#ifndef RECORD_META_TEXT_H
#define RECORD_META_TEXT_H

#include <stdio.h>

/* "key: value\n" with every control character of value (a newline, a
 * carriage return, an escape sequence, DEL) written as a space: the value
 * stays one line and a terminal showing it does nothing. */
void meta_put_line(FILE *f, const char *key, const char *value);

/* s as one shell word that bash reads back as exactly s: bare when it is
 * all safe characters, else in '...' (a ' as '\''), else, when it holds a
 * control character, in $'...' with \xHH escapes, so it stays one line. */
void meta_put_shell_word(FILE *f, const char *s);

#endif
