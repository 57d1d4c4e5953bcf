# The dynamic loader's lazy-binding trampolines (_dl_runtime_resolve_*,
# _dl_runtime_profile_*) are reached by a jump from the PLT, with the
# link map where a return address would be: they have entry probes but
# no return probe, so that a process under every return probe of the
# loader and of its program binds its calls lazily and runs as it does
# untraced (proc:::exit says it exited, CLD_EXITED).  lazy calls puts() and its own twice() (which calls abs())
# 3 times: twice's return fires 3 times, and the process exits 0.
cd "$TMPDIR" || exit 1
cat >lazy.c <<'PROG'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) int
twice(int x)
{
	return (abs(x) * 2);
}
int
main(void)
{
	int s = 0;

	for (int i = -1; i < 2; i++)
		s += twice(i);
	printf("sum %d\n", s);
	return (0);
}
PROG
cc -O1 -Wl,-z,lazy -o lazy lazy.c || exit 1
$DTRACE -q -n 'pid$target:ld-linux-x86-64.so.2::return,
    pid$target:a.out::return { @[probefunc] = count(); }
    proc:::exit /pid == $target/ { printf("exit reason %d (CLD_EXITED %d)\n", args[0], CLD_EXITED); }
    END { printa("%s %@d\n", @); }' -c ./lazy | grep -E '^(sum|exit|twice) '
echo "exit ${PIPESTATUS[0]}"
$DTRACE -l -n 'pid$target:ld-linux-x86-64.so.2:_dl_runtime_resolve*:' -c ./lazy |
    awk 'NR > 1 { print $NF }' | sort | uniq -c | sed 's/^ *//'
