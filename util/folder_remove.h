/* A folder this process made, removed with all it holds. */
#ifndef UTIL_FOLDER_REMOVE_H
#define UTIL_FOLDER_REMOVE_H

/* dir and everything under it, links removed as links (never followed);
 * what cannot be removed is left. */
void folder_remove(const char *dir);

#endif
