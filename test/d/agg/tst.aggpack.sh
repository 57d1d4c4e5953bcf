# aggpack: each entry of a quantize() or lquantize() on one line, one
# character a bucket, under one header with the key, min and max columns
# (quantize: the buckets of every entry's counts and one each side, not
# below the zero bucket; lquantize: all of its buckets).  Negative counts
# are "vvvvVV"; llquantize() has no packed form and prints as usual.
# agghist draws scalar aggregations as one histogram, keys as rows.
# aggzoom scales both to the largest; encoding=utf8 draws block elements,
# and packed histograms use them unless TERM is dumb (encoding=auto).
$DTRACE -q -x encoding=ascii -n 'BEGIN {
	@q["ab"] = quantize(1); @q["ab"] = quantize(8, 3); @q["ab"] = quantize(4, 7);
	@q["cd"] = quantize(100, 2); @q["cd"] = quantize(0, -4);
	@l[1, 2] = lquantize(3, 0, 10, 2, 5); @l[1, 2] = lquantize(11, 0, 10, 2);
	@l[3, 4] = lquantize(-1, 0, 10, 2);
	@n = quantize(2);
	@ll = llquantize(100, 10, 0, 3, 10);
	@c["x"] = count(); @c["y"] = count(); @c["y"] = count(); @s[7] = sum(-3); @s[8] = sum(5);
	printa(@q); printa(@l); printa(@n); printa(@ll);
	setopt("agghist");
	printa(@c); printa(@s);
	setopt("aggzoom");
	printa(@q); printa(@c);
	setopt("encoding", "utf8");
	printa(@q); printa(@c);
	exit(0);
}' -x aggpack
echo "exit $?"
for term in dumb xterm; do
	TERM=$term $DTRACE -q -x aggpack -n 'BEGIN { @ = quantize(3); exit(0); }'
done
$DTRACE -q -x encoding=latin1 -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
