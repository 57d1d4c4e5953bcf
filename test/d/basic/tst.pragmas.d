/* The #pragma D directives DTrace scripts carry. */
#pragma D depends_on provider syscall
#pragma D depends_on module vmlinux
#pragma D binding "1.0" foo
#pragma D attributes Evolving/Evolving/Common provider syscall
inline int limit = 3;
#pragma D attributes Stable/Stable/Common limit
#pragma D attributes Private/Unstable/ISA pid
#pragma D option quiet
BEGIN { printf("ok\n"); exit(0); }
