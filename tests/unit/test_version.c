/* Version decoding for every OPENSSL_VERSION_NUMBER in the API matrix
 * (docs/api-ranges.md), both layouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../compat/flavor.h"
#include "../../compat/release.h"
#include "../../compat/version.h"

#include <string.h>

static const struct {
    unsigned long number;
    const char *name;
    long series;
} known[] = {
    {0x0090811fUL, "0.9.8q", R_098},  {0x0090821fUL, "0.9.8zh", R_098},
    {0x0090820fUL, "0.9.8zg", R_098}, {0x1000013fUL, "1.0.0s", R_100},
    {0x1000110fUL, "1.0.1p", R_101},  {0x1000115fUL, "1.0.1u", R_101},
    {0x1000204fUL, "1.0.2d", R_102},  {0x1000215fUL, "1.0.2u", R_102},
    {0x101000bfUL, "1.1.0k", R_110},  {0x101000cfUL, "1.1.0l", R_110},
    {0x1010103fUL, "1.1.1c", R_111},  {0x1010117fUL, "1.1.1w", R_111},
    {0x30000140UL, "3.0.20", R_300},  {0x30000130UL, "3.0.19", R_300},
    {0x30500070UL, "3.5.7", 30500},   {0x30600030UL, "3.6.3", 30600},
    {0x40000020UL, "4.0.2", 40000},   {0x30100080UL, "3.1.8", 30100},
};

static void decodes_every_matrix_release(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        release_version v;
        assert_true(version_decode(known[i].number, &v));
        assert_string_equal(v.name, known[i].name);
        assert_int_equal(v.series, known[i].series);
        assert_int_equal(v.new_layout, known[i].number >= 0x30000000UL);
    }
}

static void orders_generations(void **state)
{
    (void)state;
    release_version a, b;
    assert_true(version_decode(0x1000204fUL, &a)); /* 1.0.2d */
    assert_true(version_decode(0x1010117fUL, &b)); /* 1.1.1w */
    assert_true(a.series < b.series);
    assert_true(a.series >= R_101 && b.series >= R_110);
    assert_true(version_decode(0x40000020UL, &a));
    assert_true(a.series > R_300);
}

static void marks_development_and_beta_builds(void **state)
{
    (void)state;
    release_version v;
    assert_true(version_decode(0x10101000UL, &v)); /* a git build between tags */
    assert_string_equal(v.name, "1.1.1-dev");
    assert_true(version_decode(0x10100001UL, &v));
    assert_string_equal(v.name, "1.1.0-beta");
}

static void rejects_implausible_numbers(void **state)
{
    (void)state;
    release_version v;
    assert_false(version_decode(0, &v));
    assert_false(version_decode(0x00000001UL, &v));
    assert_false(version_decode(0x30000131UL, &v)); /* 3.x layout has a zero low nibble */
    assert_false(version_decode(0x30012340UL, &v)); /* ... and zero "fix" byte */
}

static void names_series(void **state)
{
    (void)state;
    assert_string_equal(release_series_name(R_101), "1.0.1");
    assert_string_equal(release_series_name(R_300), "3.0");
    assert_string_equal(release_series_name(R_098), "0.9.8");
}

/* Forks claim OpenSSL numbers; their version text and fork-only symbols
 * tell them apart (texts as each project's OpenSSL_version(0) returns it). */
static void identifies_forks(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        bool boring, awslc, libre;
        lib_flavor want;
        const char *name;
    } cases[] = {
        {"OpenSSL 1.1.1w  11 Sep 2023", false, false, false, FLAVOR_OPENSSL, NULL},
        {"OpenSSL 0.9.8q 2 Dec 2010", false, false, false, FLAVOR_OPENSSL, NULL},
        {"", false, false, false, FLAVOR_OPENSSL, NULL},
        {"BoringSSL", true, false, false, FLAVOR_BORINGSSL, "boringssl"},
        {"OpenSSL 1.1.1 (compatible; BoringSSL)", true, false, false, FLAVOR_BORINGSSL,
         "boringssl"},
        {"LibreSSL 3.9.2", false, false, true, FLAVOR_LIBRESSL, "libressl-3.9.2"},
        {"LibreSSL 3.8.4", false, false, false, FLAVOR_LIBRESSL, "libressl-3.8.4"},
        {"AWS-LC 1.18.0", true, true, false, FLAVOR_AWSLC, "aws-lc-1.18.0"},
        {"AWS-LC FIPS 2.0.0", false, true, false, FLAVOR_AWSLC, "aws-lc-fips-2.0.0"},
        /* a marker symbol outweighs an OpenSSL-looking text */
        {"OpenSSL 1.1.1g", true, false, false, FLAVOR_BORINGSSL, "boringssl"},
        {"OpenSSL 1.1.1g", false, true, false, FLAVOR_AWSLC, "aws-lc"},
        {"Tongsuo 8.4.0", false, false, false, FLAVOR_OTHER, "tongsuo-8.4.0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        flavor_evidence e = {.version_text = cases[i].text, .boringssl_symbol = cases[i].boring,
                             .awslc_symbol = cases[i].awslc, .libressl_symbol = cases[i].libre};
        lib_flavor f = flavor_identify(&e);
        if (f != cases[i].want)
            fail_msg("\"%s\": %s, expected %s", cases[i].text, flavor_name(f),
                     flavor_name(cases[i].want));
        if (cases[i].name != NULL) {
            char name[32];
            flavor_release_name(f, cases[i].text, name, sizeof name);
            assert_string_equal(name, cases[i].name);
        }
    }
    lib_flavor f;
    assert_true(flavor_parse("", &f) && f == FLAVOR_OPENSSL); /* files before the column */
    assert_true(flavor_parse("boringssl", &f) && f == FLAVOR_BORINGSSL);
    assert_false(flavor_parse("BoringSSL", &f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decodes_every_matrix_release),
        cmocka_unit_test(orders_generations),
        cmocka_unit_test(marks_development_and_beta_builds),
        cmocka_unit_test(rejects_implausible_numbers),
        cmocka_unit_test(names_series),
        cmocka_unit_test(identifies_forks),
    };
    return cmocka_run_group_tests_name("version", tests, NULL, NULL);
}
