# A pid entry probe's arg0 .. arg9 are the function's first ten
# arguments, as DTrace has them: the six of registers and, past them,
# those the caller left on the stack (x86-64: after the return
# address).  ten() is called with 0 .. 9, then -1 .. -10, then with
# 1000, 2000, ... 10000; its return probe's arg1 is the sum.
cd "$TMPDIR" || exit 1
cat >sa.c <<'PROG'
__attribute__((noinline)) long
ten(long a0, long a1, long a2, long a3, long a4, long a5, long a6,
    long a7, long a8, long a9)
{
	return (a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9);
}
int
main(void)
{
	long s = ten(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);

	s += ten(-1, -2, -3, -4, -5, -6, -7, -8, -9, -10);
	s += ten(1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000,
	    10000);
	return (s == 45 - 55 + 55000 ? 0 : 1);
}
PROG
cc -O0 -o sa sa.c || exit 1
$DTRACE -q -c ./sa -n 'pid$target:a.out:ten:entry {
	printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3,
	    arg4, arg5, arg6, arg7, arg8, arg9); }
pid$target:a.out:ten:return { printf("sum %d\n", arg1); }'
echo "exit $?"
