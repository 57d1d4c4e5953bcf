/*
 * ipl is the interrupt bits of the kernel's per-CPU preempt count in
 * DTrace for Linux; this kernel gives that variable no address (its
 * kallsyms lists no data symbols), so ipl is refused with the reason.
 */
BEGIN
{
	trace(ipl);
	exit(0);
}
