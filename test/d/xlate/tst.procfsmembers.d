#pragma D option quiet
/*
 * The members of psinfo_t and lwpsinfo_t that DTrace defines beyond the
 * process ids, with their Linux values, seen from dtrace itself at
 * BEGIN: no process flags, an LP64 data model, an address space of some
 * KB, no wait status (not a zombie); a thread not stopped, of the normal
 * scheduling policy, named as the command, bound to no processor.
 */
BEGIN
{
	printf("%d %d %d %d %d\n", curpsinfo->pr_flag,
	    curpsinfo->pr_dmodel == PR_MODEL_LP64, curpsinfo->pr_size > 0,
	    curpsinfo->pr_wstat, curpsinfo->pr_nzomb);
	printf("%d %s %s %d %d %d %d\n", curlwpsinfo->pr_flag,
	    curlwpsinfo->pr_clname, curlwpsinfo->pr_name,
	    curlwpsinfo->pr_bindpro, curlwpsinfo->pr_bindpset,
	    curlwpsinfo->pr_wchan, curlwpsinfo->pr_stype);
	printf("%d %d %d %d %d %d\n", PR_MODEL_ILP32, PR_MODEL_LP64,
	    PR_STOPPED, PR_ISTOP, PR_DSTOP, PR_IDLE);
	exit(0);
}
