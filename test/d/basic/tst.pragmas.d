/*
 * The #pragma D directives DTrace scripts carry.  attributes and binding
 * may name an identifier the program defines later, a provider's
 * attributes a provider declared in D or by a process (myprov); #pragma
 * D alone, and a #pragma that is not D's (#pragma option, #pragma once),
 * do nothing.
 */
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
#pragma D binding "1.0" limit
#pragma D attributes Evolving/Evolving/Common provider syscall args
#pragma D attributes Stable/Stable/Common provider syscall name
#pragma D attributes Evolving/Evolving/Common provider myprov provider
#pragma D attributes Stable/Stable/Common limit
inline int limit = 3;
#pragma D attributes Stable/Stable/Common limit
#pragma D
#pragma once
#pragma option nonsense
#pragma ident "version 1"
#pragma D option quiet
BEGIN { printf("ok %d\n", limit); exit(0); }
