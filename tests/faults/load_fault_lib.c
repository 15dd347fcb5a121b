/* A fake libcrypto that fails before anything is measured, for list and
 * info (tests/inspect.bats).  One fault, chosen at compile time:
 *   -DFAULT_LOAD_HANG   its constructor never returns (dlopen hangs)
 *   -DFAULT_LOAD_CRASH  its constructor dies of SIGSEGV
 *   -DFAULT_INFO_CRASH  it loads as a 1.1.1 release, then dies of SIGSEGV
 *                       when asked for its build information (info) */
#include <signal.h>
#include <unistd.h>

unsigned long OpenSSL_version_num(void) { return 0x1010117fUL; }
int OPENSSL_init_crypto(unsigned long long opts, const void *s) { (void)opts, (void)s; return 1; }
int SHA256_Init(void *c) { (void)c; return 1; }

const char *OpenSSL_version(int t)
{
#if defined(FAULT_INFO_CRASH)
    if (t != 0)
        raise(SIGSEGV);
#endif
    return t == 0 ? "OpenSSL 1.1.1w (load fault injection)" : "";
}

__attribute__((constructor)) static void on_load(void)
{
#if defined(FAULT_LOAD_HANG)
    for (;;)
        pause();
#elif defined(FAULT_LOAD_CRASH)
    raise(SIGSEGV);
#endif
}
