/* `osslbench report`: the chart data it writes (one .dat file a chart) and
 * charts.list, the list plots/ draws them from. */
#include "report_fixtures.h"

static void chart_data_and_list(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    /* palette slots are release indexes: 1.1.1w 0, system 1, 3.0.20 2 */
    assert_file_has(dir, "charts.list",
                    "throughput\tthroughput-sha256-evp\t0 1 2\t",
                    "throughput\tthroughput-sha256-fetch\t2\t",
                    "speedup\tspeedup-sha256-evp\t1 2\tsha256 speed-up vs 1.1.1w",
                    "pubkey\tops-public-key-evp\t0 2\t",
                    "speedup\tspeedup-public-key-evp\t2\t",
                    "apis\tapis-sha256\t0 1\t");
    assert_file_lacks(dir, "charts.list", "speedup-sha256-fetch");
    assert_file_has(dir, "speedup-sha256-evp.dat",
                    "point \"system-3.0.19\" low high \"3.0.20\" low high\n",
                    "\"16 B\" 1.5 ");
    assert_file_has(dir, "throughput-sha256-evp.dat",
                    "bytes \"1.1.1w\" low high\n16 1 0.95 1.05\n");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

/* op/s rows of two kinds: each kind gets its own rate and speed-up charts,
 * listed once, holding only its own rows. */
static void ops_charts_one_per_kind(void **state)
{
    (void)state;
    static const char csv[] =
        "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,"
        "iterations,status,note,host,cpu,timestamp,kind\n"
        "1.1.1w,1.1.1w,0x1010117f,/l1,evp,ecdsa-p256,sign,0,100,op/s,99,101,3,10,ok,,h,c,t,public-key\n"
        "1.1.1w,1.1.1w,0x1010117f,/l1,evp,x25519,derive,0,300,op/s,299,301,3,10,ok,,h,c,t,key-exchange\n"
        "3.0.20,3.0.20,0x30000140,/l3,evp,ecdsa-p256,sign,0,110,op/s,109,111,3,10,ok,,h,c,t,public-key\n"
        "3.0.20,3.0.20,0x30000140,/l3,evp,x25519,derive,0,330,op/s,329,331,3,10,ok,,h,c,t,key-exchange\n";
    fixture fx;
    fixture_load(&fx, csv, "1.1.1w");
    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    char *list = read_text(dir, "charts.list");
    static const char *const once[] = {"\tops-public-key-evp\t", "\tops-key-exchange-evp\t",
                                       "\tspeedup-public-key-evp\t",
                                       "\tspeedup-key-exchange-evp\t"};
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
        const char *at = strstr(list, once[i]);
        if (at == NULL || strstr(at + 1, once[i]) != NULL)
            fail_msg("%s is not listed exactly once:\n%s", once[i], list);
    }
    free(list);
    assert_file_has(dir, "ops-key-exchange-evp.dat", "\"x25519 derive\"");
    assert_file_lacks(dir, "ops-key-exchange-evp.dat", "ecdsa-p256");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chart_data_and_list),
        cmocka_unit_test(ops_charts_one_per_kind),
    };
    return cmocka_run_group_tests_name("report: chart data", tests, NULL, NULL);
}
