/*
 * An inline of an inline that is a translated pointer (curpsinfo,
 * curlwpsinfo) is that translation: -> and * read its members.
 */
#pragma D option quiet

inline psinfo_t *myproc = curpsinfo;
inline lwpsinfo_t *mythread = curlwpsinfo;

BEGIN
{
	printf("%d %d %d\n", myproc->pr_pid == pid,
	    mythread->pr_lwpid == tid, (*myproc).pr_ppid == ppid);
	exit(0);
}
