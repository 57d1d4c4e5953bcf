# printa() of several aggregations: one line per key found in any of them
# (0 where one has no entry), sorted by the first one's value, by the
# value of the one at aggsortpos, or by key from component aggsortkeypos.
prog='BEGIN {
	@a["x", 1] = sum(10); @a["y", 2] = sum(20);
	@b["y", 2] = sum(5); @b["z", 0] = sum(1); @b["x", 1] = sum(30);
	printa("%s %d a=%@d b=%@d\n", @a, @b);
	exit(0);
}'
$DTRACE -q -n "$prog"
echo "aggsortpos=1"
$DTRACE -q -x aggsortpos=1 -n "$prog"
echo "aggsortkey, aggsortkeypos=1"
$DTRACE -q -x aggsortkey -x aggsortkeypos=1 -n "$prog"
