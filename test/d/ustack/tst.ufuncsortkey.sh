# ufunc() keys under aggsortkey sort by the function's address, not by
# its name or the value: ustacktarget's functions lie in the order of
# their definition (ust_c, ust_b, ust_a, ust_done), which is neither the
# order of their names nor that of the counts (ust_a 4, ust_c 6,
# ust_done 1).  The check first shows that nm agrees.
. ./retmask.sh
nm -n "$P" | awk '$3 ~ /^ust_(a|c|done)$/ { printf "%s ", $3 } END { print "" }'
$DTRACE -q -c "$P 4" -n '
#pragma D option aggsortkey
pid$target:a.out:ust_a:entry, pid$target:a.out:ust_c:entry,
pid$target:a.out:ust_done:entry
{
	@f[ufunc(uregs[R_PC])] = count();
}
pid$target:a.out:ust_done:entry
{
	exit(0);
}'
