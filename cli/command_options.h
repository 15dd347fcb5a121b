/* The option tables of the commands (each beside its command), listed
 * together so that tests can hold every --help to its table. */
#ifndef CLI_COMMAND_OPTIONS_H
#define CLI_COMMAND_OPTIONS_H

#include "option_table.h"

extern const option_table run_option_table, report_option_table, regress_option_table,
    info_option_table, list_option_table, bench_option_table,
    db_option_table, history_option_table, dashboard_option_table;

extern const option_table *const command_option_tables[];
extern const size_t command_option_table_count;

/* `osslbench regress`'s option OPTION given VALUE: true when compare would
 * take it, else false with its one-line reason (cli/cmd_regress.c). */
bool regress_option_value(const char *option, const char *value, char *why, size_t n);

#endif
