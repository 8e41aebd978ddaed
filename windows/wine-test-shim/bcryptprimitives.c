/*
 * A test aid for running trf.exe under Wine 8, never shipped.
 *
 * Rust's standard library (1.78 and later) fills its random keys (the
 * hash maps' seeds) with ProcessPrng from bcryptprimitives.dll. Windows 10
 * and later have that DLL; Wine 8.0 (Debian bookworm) does not, so under it
 * every Rust program, even one that prints "hello", fails to start. This
 * DLL gives Wine the one function, filled from RtlGenRandom (advapi32's
 * SystemFunction036, which Wine has). .ci/windows.sh builds it with MinGW
 * and copies it into its own Wine prefix only.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
