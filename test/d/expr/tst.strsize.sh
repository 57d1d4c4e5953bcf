# String comparison at every strsize, including ones that are not a
# multiple of 8 and the largest.
for ss in 2 9 16 100 256 1000 4096; do
	$DTRACE -q -x strsize=$ss -n 'BEGIN { a = "abcdefghij"; b = "abcdefghik"; c = "abcdefghij"; d = "abcdefgh"; printf("%d %d %d %d %d %d\n", a == b, a < b, a == c, d < a, a > d, "" == ""); exit(0); }'
done
