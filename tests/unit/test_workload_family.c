/* The family of a workload's rows (workload_family, the CSV's `family`):
 * the family word of openssl speed that lists its registry line, else the
 * line's own `family`, else "kem" for a line that encapsulates, else its
 * kind.  Checked over the whole registry and speed_names.def, so a line
 * another branch adds is held to the same rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../record/row.h"
#include "../../harness/workloads/speed_names.h"

#include <stdio.h>
#include <string.h>

enum { CAP = 256 };

static const char *family_of(const char *name)
{
    workload_spec ws;
    if (!workload_parse(name, &ws))
        fail_msg("'%s' is not a workload", name);
    return workload_family(&ws);
}

static bool has_op(const workload *w, const char *op)
{
    for (const char *const *o = w->ops; *o != NULL; o++)
        if (strcmp(*o, op) == 0)
            return true;
    return false;
}

/* Every member of a family word (a line for two workloads or more) is in
 * that family or in an earlier family word's. */
static void family_word_lists_its_members(void **state)
{
    (void)state;
    static workload_spec specs[CAP];
    size_t families = 0;
    for (size_t i = 0; i < speed_name_count; i++) {
        const speed_name *sn = &speed_names[i];
        size_t n = speed_name_expand(sn, specs, CAP);
        if (strcmp(sn->workloads, "*") == 0 || n < 2)
            continue;
        families++;
        for (size_t k = 0; k < n && k < CAP; k++) {
            const char *got = workload_family(&specs[k]);
            bool earlier = false;
            for (size_t j = 0; j < i && !earlier; j++)
                earlier = strcmp(speed_names[j].name, got) == 0 &&
                          strcmp(speed_names[j].workloads, "*") != 0 &&
                          speed_name_covers(&speed_names[j], specs[k].name);
            if (strcmp(got, sn->name) != 0 && !earlier)
                fail_msg("%s: family '%s', but speed's '%s' lists it", specs[k].name, got,
                         sn->name);
        }
    }
    assert_true(families >= 5);
}

/* Not listed by name: a family member speed does not name is in its
 * registry line's family word. */
static void member_of_a_listed_line(void **state)
{
    (void)state;
    workload_spec listed, other;
    assert_true(workload_parse("rsa2048", &listed));
    assert_true(workload_parse("rsa768", &other));
    assert_ptr_equal(listed.w, other.w);
    assert_string_equal(workload_family(&other), workload_family(&listed));
    assert_string_equal(family_of("rsa768"), "rsa");
}

/* The fallbacks, each for the registry lines it applies to. */
static void lines_no_family_word_lists(void **state)
{
    (void)state;
    size_t own = 0, kem = 0, kind = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        workload_spec ws;
        workload_example(w, &ws);
        const char *got = workload_family(&ws);
        bool word = false;
        for (size_t j = 0; j < speed_name_count && !word; j++)
            word = strcmp(speed_names[j].name, got) == 0;
        if (word)
            continue;
        if (w->family != NULL) {
            assert_string_equal(got, w->family);
            own++;
        } else if (has_op(w, "encaps")) {
            assert_string_equal(got, "kem");
            kem++;
        } else {
            assert_string_equal(got, kind_name(w->kind));
            kind++;
        }
    }
    assert_true(own >= 1);
    assert_true(kem >= 1);
    assert_true(kind >= 1);
}

/* Spot checks of the families the public-key charts are drawn by. */
static void public_key_families(void **state)
{
    (void)state;
    assert_string_equal(family_of("rsa15360"), "rsa");
    assert_string_equal(family_of("rsa-enc2048"), "rsa"); /* its line's own family */
    assert_string_equal(family_of("ecdsa-brainpoolp512t1"), "ecdsa");
    assert_string_equal(family_of("x25519"), "ecdh"); /* speed's ecdh list has X25519 */
    assert_string_equal(family_of("ffdh8192"), "ffdh");
    assert_string_equal(family_of("dsa512"), "dsa");
    assert_string_equal(family_of("ed448"), "eddsa"); /* before msgsig.c's "signature" */
    assert_string_equal(family_of("ml-dsa-65"), "signature");
    assert_string_equal(family_of("ml-kem-768"), "kem");
    assert_string_equal(family_of("sm2"), "sm2");
    assert_string_equal(family_of("rand"), "random");
}

/* Every family is a CSV name that fits the row's column. */
static void every_family_fits_the_csv(void **state)
{
    (void)state;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        workload_spec ws;
        workload_example(workload_registry[i], &ws);
        const char *got = workload_family(&ws);
        if (!row_name_valid(got) || got[0] == '\0' ||
            strlen(got) >= sizeof ((result_row *)0)->family)
            fail_msg("%s: family '%s' is no CSV name of < 16 characters", ws.name, got);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(family_word_lists_its_members),
        cmocka_unit_test(member_of_a_listed_line),
        cmocka_unit_test(lines_no_family_word_lists),
        cmocka_unit_test(public_key_families),
        cmocka_unit_test(every_family_fits_the_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
