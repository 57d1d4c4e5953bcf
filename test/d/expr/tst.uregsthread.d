/*
 * uregs[R_DS], [R_ES], [R_FS], [R_GS] and [R_TRAPNO] (21 to 25 on
 * x86_64) are not in struct pt_regs: DTrace for Linux reads them from
 * the task's thread_struct (ds, es, fsbase, gsbase, trap_nr), 64 bits
 * wide.  The values are the process's own, compared here with the
 * members themselves.
 */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d\n", uregs[R_DS] == curthread->thread.ds,
	    uregs[R_ES] == curthread->thread.es,
	    uregs[R_FS] == curthread->thread.fsbase,
	    uregs[R_GS] == curthread->thread.gsbase,
	    uregs[R_TRAPNO] == curthread->thread.trap_nr);
	printf("%d %d\n", sizeof (uregs[R_DS]), R_DS + R_ES + R_FS + R_GS +
	    R_TRAPNO);
	exit(0);
}
