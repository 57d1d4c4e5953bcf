# aggzoom: histogram bars are scaled to the largest count, whose bar fills
# 95% of the width (38 of 40 characters), instead of to the total.  A
# dynamic option: setopt() turns it on between two printa().
$DTRACE -q -n 'BEGIN {
	@a = quantize(1); @a = quantize(100, 3); @a = quantize(5, 2);
	printa(@a);
	setopt("aggzoom");
	printa(@a);
	@l = lquantize(1, 0, 4, 1, 1000); @l = lquantize(2, 0, 4, 1, 1);
	exit(0);
}'
