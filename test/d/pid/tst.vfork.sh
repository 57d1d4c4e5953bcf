# A -c process that vforks: the child runs in its parent's address space
# (and on its stack) until it execs, through functions that have pid
# entry and return probes, its own and libc's.  The probes are the
# target's, a process: the child, another process, does not fire them
# (the uprobe_multi link's filter is the target's process id, as
# DTrace's probes on Linux filter by process id), and neither the child
# nor the parent is disturbed: their output and exit status are those of
# an untraced run, 5 times over, and the parent's own calls are counted
# exactly (work() 3 times, entry and return).
cd "$TMPDIR" || exit 1
cat >vf.c <<'PROG'
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
static int __attribute__((noinline))
work(int n)
{
	return (n * 3 + (int)strlen("abc"));
}
int
main(void)
{
	int st = 0, sum = 0;

	for (int i = 0; i < 3; i++) {
		pid_t p = vfork();

		if (p == 0) {
			(void) work(i);
			execl("/bin/echo", "echo", "child", (char *)NULL);
			_exit(127);
		}
		(void) waitpid(p, &st, 0);
		sum += work(i) + WEXITSTATUS(st);
	}
	printf("parent %d\n", sum);
	return (sum == 18 ? 0 : 1);
}
PROG
cc -O1 -o vf vf.c || exit 1
./vf >plain.out; echo "untraced: exit $?"
for i in 1 2 3 4 5; do
	rm -f dt.out
	$DTRACE -q -c ./vf -o dt.out -n '
	    pid$target:a.out:work:entry, pid$target:a.out:work:return {
		@[probename, pid == $target ? "parent" : "child"] = count(); }
	    pid$target:libc.so.6::entry, pid$target:libc.so.6::return {
		@libc[pid == $target ? "parent" : "child"] = count(); }
	    END { printa("%s %s %@d\n", @); printa("libc %s\n", @libc); }' \
	    >run.out 2>run.err
	echo "traced: exit $?"
	cmp -s plain.out run.out && echo "same output" || cat run.out run.err
done
grep -v '^$' dt.out
