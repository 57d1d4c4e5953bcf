#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", pid == $pid, ppid == $ppid, tid == pid);
	printf("%d %d\n", uid == $uid, gid == $gid);
	printf("%s %s %s %s|\n", probeprov, probemod, probefunc, probename);
	printf("%d %d %d\n", timestamp > 0, vtimestamp > 0, walltimestamp > 1700000000000000000);
	printf("%d %d\n", cpu >= 0, id);
	printf("%s\n", execname);
	exit(0);
}
