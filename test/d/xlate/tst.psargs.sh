# psinfo_t's pr_psargs: the process's arguments as one line, each
# separated by one space, at most 79 characters (PRARGSZ, 80 bytes with
# the NUL), read when the process has just run execve(2); a kernel
# thread has no arguments: its pr_psargs is its name.
prog='syscall::execve:return /pid == $target/ {
	printf("[%s]\n", curpsinfo->pr_psargs); exit(0); }'
$DTRACE -qn "$prog" -c '/bin/sleep 0.1' | grep .
$DTRACE -qn "$prog" -c '/bin/echo one  two three' | grep '^\['
long=0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij
$DTRACE -qn "$prog" -c "/bin/echo $long" | grep '^\['
$DTRACE -qn 'profile-997 /curthread->mm == NULL/ {
	printf("%d\n", curpsinfo->pr_psargs == stringof(curthread->comm));
	exit(0); }' | grep .
