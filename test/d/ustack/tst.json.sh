# -x oformat=json: a user stack is an array of strings as text output
# prints the frames ("kind":"ustack"), usym(), umod() and uaddr() are
# strings ("kind":"usym", "umod", "uaddr"), as records and as
# aggregation keys.  jq checks that every line is JSON.
. ./retmask.sh
$DTRACE -q -x oformat=json -c "$P 1" -n '
pid$target:a.out:ust_c:entry
/n++ == 0/
{
	ustack(3);
	usym(uregs[R_PC]);
	umod(arg0);
	uaddr(arg0);
	@[ustack(2), ufunc(arg0)] = count();
	@m[umod(arg0), uaddr(arg0)] = count();
}
pid$target:a.out:ust_done:entry
{
	exit(0);
}' | jq -c 'if .type == "probe" then .records else .aggregation.entries end' 2>&1 | retmask
