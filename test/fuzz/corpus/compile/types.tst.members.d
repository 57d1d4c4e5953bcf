#pragma D option quiet
/* Members through pointers and structs, arrays, bit-fields, casts. */
BEGIN
{
	printf("%d %d %d\n", curthread->pid == pid, curthread->tgid == pid,
	    curthread->real_parent->tgid == ppid);
	printf("%s %s %c\n", curthread->comm, stringof(curthread->comm),
	    curthread->comm[0]);
	printf("%d %d\n", curthread->se.sum_exec_runtime > 0,
	    ((struct task_struct *)curthread)->in_execve == 0);
	printf("%d %d %d\n", sizeof (struct task_struct) > 1000,
	    offsetof(struct vmlinux`task_struct, pid) > 0,
	    sizeof (curthread->comm));
	printf("%d %d\n", (pid_t)-1 < 0, (u8)257);
	printf("%d %d %d\n", PIDTYPE_PID, PIDTYPE_TGID,
	    sizeof (enum pid_type));
	exit(0);
}
