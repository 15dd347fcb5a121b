/* metadata.txt's text: the CPU read from /proc/cpuinfo texts of several
 * architectures (harness/cpuinfo.h), each value kept to one line, the
 * command line as shell words that read back as the argv
 * (record/meta_text.h), and the file's name beside its CSV. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../record/meta_text.h"
#include "../../runner/run_metadata.h"
#include "../../harness/cpuinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define X86_FLAGS                                                                                  \
    "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi "    \
    "mmx fxsr sse sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc art arch_perfmon "   \
    "pebs bts rep_good nopl xtopology nonstop_tsc cpuid aperfmperf pni pclmulqdq dtes64 monitor "  \
    "ds_cpl vmx smx est tm2 ssse3 sdbg fma cx16 xtpr pdcm pcid dca sse4_1 sse4_2 x2apic movbe "    \
    "popcnt tsc_deadline_timer aes xsave avx f16c rdrand lahf_lm abm 3dnowprefetch cpuid_fault "  \
    "epb cat_l3 cdp_l3 invpcid_single intel_ppin ssbd mba ibrs ibpb stibp ibrs_enhanced "          \
    "tpr_shadow vnmi flexpriority ept vpid ept_ad fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms "   \
    "invpcid cqm mpx rdt_a avx512f avx512dq rdseed adx smap clflushopt clwb intel_pt avx512cd "    \
    "avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves cqm_llc cqm_occup_llc cqm_mbm_total "        \
    "cqm_mbm_local dtherm ida arat pln pts pku ospke avx512_vnni md_clear flush_l1d "             \
    "arch_capabilities sha_ni"

/* x86: two processors, a flags line far longer than any line buffer */
static const char x86[] =
    "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\n"
    "model name\t: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\nstepping\t: 7\n"
    "flags\t\t: " X86_FLAGS "\nbogomips\t: 5000.00\n\n"
    "processor\t: 1\nvendor_id\t: GenuineIntel\n"
    "model name\t: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\nflags\t\t: fpu\n\n";

/* arm64 (Graviton2): no name at all, only the MIDR fields */
static const char neoverse_n1[] =
    "processor\t: 0\nBogoMIPS\t: 243.75\n"
    "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
    "asimdrdm lrcpc dcpop asimddp ssbs\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\n"
    "CPU revision\t: 1\n\n";

/* a Raspberry Pi 4 on a 32-bit kernel: a generic name and a board name */
static const char raspberry_pi[] =
    "processor\t: 0\nmodel name\t: ARMv7 Processor rev 3 (v7l)\nBogoMIPS\t: 108.00\n"
    "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt vfpd32 lpae "
    "evtstrm crc32\nCPU implementer\t: 0x41\nCPU architecture: 7\nCPU variant\t: 0x0\n"
    "CPU part\t: 0xd08\nCPU revision\t: 3\n\nHardware\t: BCM2711\nRevision\t: c03111\n"
    "Model\t\t: Raspberry Pi 4 Model B Rev 1.1\n";

/* arm64 cores arm_parts.def does not list */
static const char unknown_part[] =
    "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\nCPU part\t: 0xfff\n";
static const char unknown_vendor[] =
    "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x99\nCPU part\t: 0x001\n";

static const char power9[] =
    "processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\nclock\t\t: 2300.000000MHz\n";

static const char riscv[] =
    "processor\t: 0\nhart\t\t: 1\nisa\t\t: rv64imafdc_zicntr_zicsr\nmmu\t\t: sv39\n"
    "uarch\t\t: sifive,u74-mc\n";

static void expect_model(const char *text, const char *want)
{
    char got[128];
    cpuinfo_model(text, got, sizeof got);
    assert_string_equal(got, want);
}

static void cpu_models_of_each_architecture(void **state)
{
    (void)state;
    expect_model(x86, "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz");
    expect_model(neoverse_n1, "ARM Neoverse-N1");
    expect_model(raspberry_pi, "ARM Cortex-A72");
    expect_model(unknown_part, "ARM part 0xfff");
    expect_model(unknown_vendor, "implementer 0x99 part 0x001");
    expect_model(power9, "POWER9 (raw), altivec supported");
    expect_model(riscv, "sifive,u74-mc");
    expect_model("", "unknown");
    expect_model(NULL, "unknown");
    expect_model("processor : 0\nmodel name :\n", "unknown"); /* named, but empty */
}

static void cpu_flags_whole_and_of_the_first_cpu(void **state)
{
    (void)state;
    char got[4096];
    cpuinfo_flags(x86, got, sizeof got);
    assert_string_equal(got, X86_FLAGS);
    cpuinfo_flags(neoverse_n1, got, sizeof got);
    assert_string_equal(got, "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp "
                             "cpuid asimdrdm lrcpc dcpop asimddp ssbs");
    cpuinfo_flags(riscv, got, sizeof got);
    assert_string_equal(got, "rv64imafdc_zicntr_zicsr");
    cpuinfo_flags(power9, got, sizeof got);
    assert_string_equal(got, "unknown");
    cpuinfo_flags(x86, got, 12); /* cut, never overrun */
    assert_string_equal(got, "fpu vme de ");
}

/* What put(f) writes, as a string the caller frees. */
static char *captured(void (*put)(FILE *, const char *, const char *), const char *key,
                      const char *value)
{
    static char *buf; /* static: see test_escape.c (gcc 12 -Wdangling-pointer) */
    static size_t len;
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    put(f, key, value);
    fclose(f);
    return buf;
}

static void put_word(FILE *f, const char *key, const char *value)
{
    (void)key;
    meta_put_shell_word(f, value);
}

static void expect_line(const char *value, const char *want)
{
    char *got = captured(meta_put_line, "k", value);
    assert_string_equal(got, want);
    free(got);
}

static void expect_word(const char *arg, const char *want)
{
    char *got = captured(put_word, NULL, arg);
    assert_string_equal(got, want);
    free(got);
}

static void a_value_is_one_line_without_control_characters(void **state)
{
    (void)state;
    expect_line("Intel(R) Xeon(R)", "k: Intel(R) Xeon(R)\n");
    expect_line("evil\ncpu_model: forged", "k: evil cpu_model: forged\n");
    expect_line("a\rb\tc\x1b[31md\x7f", "k: a b c [31md \n");
    expect_line("", "k: \n");
    expect_line("caf\xc3\xa9", "k: caf\xc3\xa9\n"); /* UTF-8 is text, kept */
}

static void an_argument_is_one_shell_word(void **state)
{
    (void)state;
    expect_word("--csv", "--csv");
    expect_word("/tmp/r.csv", "/tmp/r.csv");
    expect_word("", "''");
    expect_word("a b", "'a b'");
    expect_word("x; $(touch F) `y`", "'x; $(touch F) `y`'");
    expect_word("it's", "'it'\\''s'");
    expect_word("a=b", "'a=b'"); /* a first word X=y would be an assignment */
    expect_word("~", "'~'");
    expect_word("new\nline's \\", "$'new\\x0aline\\'s \\\\'");
    expect_word("\x1b[31m", "$'\\x1b[31m'");
}

static void expect_path(const char *csv, const char *want)
{
    char got[64];
    assert_true(run_metadata_path(csv, got, sizeof got));
    assert_string_equal(got, want);
}

static void metadata_file_is_named_after_its_csv(void **state)
{
    (void)state;
    expect_path("d/results.csv", "d/metadata.txt");
    expect_path("results.csv", "metadata.txt");
    expect_path("d/sha.csv", "d/sha.metadata.txt");
    expect_path("d.csv/r", "d.csv/r.metadata.txt");
    expect_path("d/.csv", "d/.csv.metadata.txt");
    expect_path("d/my-results.csv", "d/my-results.metadata.txt");
    char small[8];
    assert_false(run_metadata_path("d/a-long-name.csv", small, sizeof small));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cpu_models_of_each_architecture),
        cmocka_unit_test(cpu_flags_whole_and_of_the_first_cpu),
        cmocka_unit_test(a_value_is_one_line_without_control_characters),
        cmocka_unit_test(an_argument_is_one_shell_word),
        cmocka_unit_test(metadata_file_is_named_after_its_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
