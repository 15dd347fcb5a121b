#include "command_options.h"

const option_table *const command_option_tables[] = {
    &run_option_table,
    &report_option_table,
    &regress_option_table,
    &info_option_table,
    &list_option_table,
    &bench_option_table,
    &db_option_table,
    &history_option_table,
    &dashboard_option_table,
};
const size_t command_option_table_count =
    sizeof command_option_tables / sizeof command_option_tables[0];
