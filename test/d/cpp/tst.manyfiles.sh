# 100,000 distinct file names in #line directives: each is looked up among
# those the handle holds, by a hash (a linear search took 25 s).  A name
# seen before gives it again: the error names f000007.d (line 6: the line
# after "#line 5" is 6 in DTrace).  Here 0.02 s;
# manyfiles.timeout gives 10 s, for ASan and a loaded machine.
exec 2>&1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
awk 'BEGIN {
	for (i = 0; i < 100000; i++)
		printf("#line 1 \"f%06d.d\"\n", i)
	print "BEGIN"
	print "{"
	print "#line 5 \"f000007.d\""
	print "\tx = ;"
	print "}"
}' > many.d
$ONTTY $DTRACE -xerrtags -s many.d
echo "rc=$?"
