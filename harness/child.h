/* The measuring side of the process model: one forked child per library. */
#ifndef HARNESS_CHILD_H
#define HARNESS_CHILD_H

/* Loads `path`, answers the hello (a reply describing the library), then
 * serves requests from in_fd until EOF.  Never returns. */
_Noreturn void child_main(const char *path, int in_fd, int out_fd, int cpu);

/* Environment a child sets before loading its library: configuration
 * isolated, modules found beside the library.  Exposed for `info`. */
void child_isolate_environment(const char *lib_path);

#endif
