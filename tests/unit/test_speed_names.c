/* openssl speed's names as --workloads names (speed_names.def): an alias
 * stands for its workload, a family word for several, `all` for every
 * workload; an unknown name stays "unknown" with a did-you-mean; a name
 * only old releases' speed has is still taken.  The table itself: every
 * line names workloads that exist, no name has two lines for one release
 * or two lists, a switch names no workload and osslbench's own word no
 * release. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../options/run_options.h"
#include "../../compat/release.h"
#include "../../harness/workloads/speed_names.h"

#include <stdio.h>
#include <string.h>

enum { CAP = 256 };
static workload_spec specs[CAP];

/* The workloads `name` stands for, space-separated. */
static const char *expand(const char *name)
{
    static char buf[8192];
    size_t count = workload_expand(name, specs, CAP), len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count && i < CAP; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? " " : "", specs[i].name);
    return buf;
}

static void alias_is_its_workload(void **state)
{
    (void)state;
    assert_string_equal(expand("blowfish"), "bf-cbc");
    assert_string_equal(expand("bf"), "bf-cbc");
    assert_string_equal(expand("ripemd"), "rmd160");
    assert_string_equal(expand("ripemd160"), "rmd160");
    assert_string_equal(expand("des-ede3"), "des-ede3-cbc");
    assert_string_equal(expand("cast"), "cast5-cbc");
    assert_string_equal(expand("cast-cbc"), "cast5-cbc");
    assert_string_equal(expand("hmac"), "hmac-md5");
    assert_string_equal(expand("seed"), "seed-cbc");
    assert_string_equal(expand("ecdsap256"), "ecdsa-p256");
    assert_string_equal(expand("ecdsap160"), "ecdsa-secp160r1");
    assert_string_equal(expand("ecdhbrp512t1"), "ecdh-brainpoolp512t1");
    assert_string_equal(expand("ecdhx25519"), "x25519");
    /* a workload's own name and a family member stay what they were */
    assert_string_equal(expand("bf-cbc"), "bf-cbc");
    assert_string_equal(expand("rsa768"), "rsa768");
}

static void family_is_several(void **state)
{
    (void)state;
    assert_string_equal(expand("des"), "des-cbc des-ede3-cbc");
    assert_string_equal(expand("aes"), "aes-128-cbc aes-192-cbc aes-256-cbc");
    assert_string_equal(expand("camellia"), "camellia-128-cbc camellia-192-cbc camellia-256-cbc");
    assert_string_equal(expand("sha"), "sha1 sha256 sha512");
    /* a family word that grew: the newest release's members */
    assert_non_null(strstr(expand("ecdh"), "ecdh-brainpoolp256r1")); /* 1.1.1+ */
    assert_non_null(strstr(expand("ecdh"), "x25519"));
    assert_string_equal(expand("rsa"), "rsa512 rsa1024 rsa2048 rsa3072 rsa4096 rsa7680 rsa15360");
}

static void all_is_every_workload(void **state)
{
    (void)state;
    size_t lines = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->any_name_example != NULL)
            continue; /* evp:NAME takes any name: `all` cannot list them */
        if (w->param_max == 0)
            lines++;
        for (const int *p = w->members; w->param_max > 0 && p != NULL && *p != 0; p++)
            lines++;
    }
    assert_int_equal(workload_expand("all", specs, CAP), lines);
    const char *all = expand("all");
    assert_non_null(strstr(all, "bf-cbc"));
    assert_non_null(strstr(all, "rsa2048"));
}

static void unknown_name_suggests(void **state)
{
    (void)state;
    assert_int_equal(workload_expand("blowfsh", specs, CAP), 0);
    assert_string_equal(workload_expand_suggest("blowfsh"), "blowfish");
    assert_int_equal(workload_expand("sha265", specs, CAP), 0);
    assert_string_equal(workload_expand_suggest("sha265"), "sha256");
    assert_int_equal(workload_expand("", specs, CAP), 0);
    assert_int_equal(workload_expand(NULL, specs, CAP), 0);
}

/* aes-*-ige left speed's list after 1.1.1: still a name osslbench takes. */
static void old_release_name_is_taken(void **state)
{
    (void)state;
    bool found = false;
    for (size_t i = 0; i < speed_name_count; i++)
        if (strcmp(speed_names[i].name, "aes-192-ige") == 0) {
            found = true;
            assert_int_equal(speed_names[i].releases & (1u << 3), 0); /* not 3.0's */
        }
    assert_true(found);
    assert_string_equal(expand("aes-192-ige"), "aes-192-ige");
}

static void table_lines_name_workloads(void **state)
{
    (void)state;
    for (size_t i = 0; i < speed_name_count; i++) {
        const speed_name *sn = &speed_names[i];
        size_t words = 0;
        for (const char *p = sn->workloads; *p != '\0'; p++)
            words += (p == sn->workloads || p[-1] == ' ') && *p != ' ';
        size_t count = speed_name_expand(sn, specs, CAP);
        if (strcmp(sn->workloads, "*") != 0 && count != words)
            fail_msg("%s: %zu of its %zu workloads exist", sn->name, count, words);
        assert_int_equal(sn->releases >> SPEED_RELEASES, 0);
        for (size_t k = 0; k < i; k++)
            if (strcmp(speed_names[k].name, sn->name) == 0 &&
                (speed_names[k].releases & sn->releases) != 0)
                fail_msg("%s has two lines for one release", sn->name);
    }
}

/* The list column: what `list --speed-lists` prints and speed-coverage.sh
 * counts (symmetric, public-key) or sets apart (switch). */
static void table_lines_have_one_list(void **state)
{
    (void)state;
    size_t switches = 0;
    assert_true(speed_name_count < 512); /* list_speed_lists' room */
    for (size_t i = 0; i < speed_name_count; i++) {
        const speed_name *sn = &speed_names[i];
        if (sn->list == SPEED_SWITCH) {
            assert_string_equal(sn->workloads, "");
            assert_int_equal(workload_expand(sn->name, specs, CAP), 0); /* not a --workloads name */
            switches++;
        }
        if ((sn->list == SPEED_OWN) != (sn->releases == 0))
            fail_msg("%s: osslbench's own word exactly when no release has it", sn->name);
        for (size_t k = 0; k < i; k++)
            if (strcmp(speed_names[k].name, sn->name) == 0 && speed_names[k].list != sn->list)
                fail_msg("%s is in two lists", sn->name);
    }
    assert_int_equal(switches, 2); /* 0.9.8's and 1.0.2's openssl, rsaref */
    assert_string_equal(speed_list_name(SPEED_PUBLIC_KEY), "public-key");
    const char *near = workload_expand_suggest("rsaref"); /* nor a did-you-mean */
    assert_true(near == NULL || strcmp(near, "rsaref") != 0);
}

#define ARGS(...) (char *[]){"run", __VA_ARGS__}
#define COUNT(...) (int)(sizeof((char *[]){"run", __VA_ARGS__}) / sizeof(char *))
#define PARSE(o, ...) run_args_parse(COUNT(__VA_ARGS__), ARGS(__VA_ARGS__), o)

static void run_takes_speed_names(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "blowfish,aes"), 0);
    assert_int_equal(o.plan.nworkloads, 4);
    assert_string_equal(o.plan.workloads[0].name, "bf-cbc");
    assert_string_equal(o.plan.workloads[3].name, "aes-256-cbc");
    /* a workload named several ways is measured once; its own name twice is refused */
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "des-cbc,des"), 0);
    assert_int_equal(o.plan.nworkloads, 2);
    assert_int_equal(
        PARSE(&o, "--lib", "/x", "--workloads", "ripemd,rmd160,ripemd160,bf,blowfish"), 0);
    assert_int_equal(o.plan.nworkloads, 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "blowfish,bf-cbc,bf-cbc"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "blowfsh"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "all"), 0);
    assert_int_equal(o.plan.nworkloads, workload_expand("all", specs, CAP));
}

static void paths_by_release(void **state)
{
    (void)state;
    workload_spec ws;
    assert_true(workload_parse("ghash", &ws));
    assert_false(workload_in_release(ws.w, API_LEGACY, R_098));
    assert_true(workload_in_release(ws.w, API_LEGACY, R_102));
    assert_true(workload_parse("x25519", &ws));
    assert_false(workload_in_release(ws.w, API_EVP, R_102)); /* since 1.1.0 */
    assert_true(workload_in_release(ws.w, API_EVP, R_111));
    assert_false(workload_in_release(ws.w, API_LEGACY, R_111)); /* no such shape */
}

static void release_ranges(void **state)
{
    (void)state;
    char buf[64];
    speed_releases_text((1u << SPEED_RELEASES) - 1, buf, sizeof buf);
    assert_string_equal(buf, "0.9.8-4.0");
    speed_releases_text(0x3b, buf, sizeof buf); /* all but 1.1.1 */
    assert_string_equal(buf, "0.9.8-1.0.2,3.0-4.0");
    speed_releases_text(1u << 2, buf, sizeof buf);
    assert_string_equal(buf, "1.1.1");
    speed_releases_text(0, buf, sizeof buf);
    assert_string_equal(buf, "-");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alias_is_its_workload),
        cmocka_unit_test(family_is_several),
        cmocka_unit_test(all_is_every_workload),
        cmocka_unit_test(unknown_name_suggests),
        cmocka_unit_test(old_release_name_is_taken),
        cmocka_unit_test(table_lines_name_workloads),
        cmocka_unit_test(table_lines_have_one_list),
        cmocka_unit_test(run_takes_speed_names),
        cmocka_unit_test(paths_by_release),
        cmocka_unit_test(release_ranges),
    };
    return cmocka_run_group_tests_name("speed_names", tests, NULL, NULL);
}
