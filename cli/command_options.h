/* The option tables of the commands (run's, regress's and bench's in
 * options/, which folders below cli/ take; the others beside their
 * command), listed together so that tests can hold every --help to its
 * table. */
#ifndef CLI_COMMAND_OPTIONS_H
#define CLI_COMMAND_OPTIONS_H

#include "../options/bench_options.h"
#include "../options/option_table.h"
#include "../options/regress_options.h"
#include "../options/run_options.h"

extern const option_table run_option_table, report_option_table, regress_option_table,
    info_option_table, list_option_table, bench_option_table,
    db_option_table, history_option_table, dashboard_option_table;

extern const option_table *const command_option_tables[];
extern const size_t command_option_table_count;

#endif
