#pragma D option quiet
/* curpsinfo and curlwpsinfo: the D library's views of the current task */
BEGIN
{
	printf("%d %d %d %d %d %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_pgid == $pgid,
	    curpsinfo->pr_sid == $sid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid);
	printf("%d %d %d %d %d\n", curpsinfo->pr_euid == $euid,
	    curpsinfo->pr_egid == $egid, curpsinfo->pr_fname == execname,
	    curpsinfo->pr_addr == (uintptr_t)curthread,
	    curpsinfo->pr_nlwp >= 1);
	printf("%d %d\n", curpsinfo->pr_argv != 0, curpsinfo->pr_zoneid);
	printf("%d %c %d %d %d %d\n", curlwpsinfo->pr_lwpid == tid,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_state == SONPROC,
	    curlwpsinfo->pr_onpro == cpu,
	    curlwpsinfo->pr_pri == curthread->prio,
	    curlwpsinfo->pr_nice == curthread->static_prio - 120);
	exit(0);
}
