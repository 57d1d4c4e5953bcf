# Names of one address (aliases) are one probe, named as DTrace prefers:
# a global or weak name before a static one, then the one with the
# fewest leading underscores.  go (global) and its weak alias _go are
# go; st (static) and its weak alias _st are _st.  A description naming
# any alias names that probe (a clause with both names runs twice a
# firing, as for any two descriptions matching one probe), -l lists it
# once, and ufunc() of the address says the same name.  al calls go
# twice (once as _go) and st once.
cd "$TMPDIR" || exit 1
cat >al.c <<'PROG'
#pragma weak _go = go
#pragma weak _st = st
int _go(int);
int _st(int);
__attribute__((noinline)) int
go(int a)
{
	return (a + 1);
}
__attribute__((noinline)) static int
st(int a)
{
	return (a * 2);
}
int
main(void)
{
	return (go(1) + _go(2) + _st(3) == 11 ? 0 : 1);
}
PROG
cc -O0 -o al al.c || exit 1
$DTRACE -q -c ./al -n 'pid$target:a.out:_go:entry { @a[probefunc] = count(); }
pid$target:a.out:go:entry, pid$target:a.out:_go:entry { @b[probefunc] = count(); }
pid$target:a.out:st:entry { @c[probefunc] = count(); }
pid$target:a.out:_st:entry { printf("ufunc "); ufunc(uregs[R_PC]); printf("\n"); }
END { printa("_go: %s %@d\n", @a); printa("go,_go: %s %@d\n", @b);
    printa("st: %s %@d\n", @c); }' | sed 's/ *$//'
echo "exit ${PIPESTATUS[0]}"
$DTRACE -l -n 'pid$target:a.out:*go:entry' -n 'pid$target:a.out:*st:return' -c ./al |
    awk 'NR > 1 { print $4, $5 }'
