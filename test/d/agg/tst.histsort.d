/*
 * Histograms sort by the sum of their counts each times its bucket's
 * value, then by the count at 0, then by key (not by their number of
 * values): quantize(1, 100) (100) before quantize(1024) (1024); two at
 * 0 after one at 0; equal histograms by key.  The same for lquantize()
 * (below the range before 0, above it after 9 and before 5 three times)
 * and llquantize() (a negative count at 0 before the same sum with none
 * there).
 */
#pragma D option quiet

BEGIN
{
	@q["big"] = quantize(1024);
	@q["many"] = quantize(1, 100);
	@q["neg"] = quantize(-4);
	@q["zero2"] = quantize(0, 2);
	@q["zero1"] = quantize(0);
	@q["b"] = quantize(8);
	@q["a"] = quantize(8);

	@l["over"] = lquantize(50, 0, 10, 1);
	@l["nine"] = lquantize(9, 0, 10, 1);
	@l["under"] = lquantize(-5, 0, 10, 1);
	@l["zero"] = lquantize(0, 0, 10, 1);
	@l["five"] = lquantize(5, 0, 10, 1, 3);

	@ll["c"] = llquantize(16, 2, 0, 4, 2);
	@ll["b"] = llquantize(2, 2, 0, 4, 2, 8);
	@ll["a"] = llquantize(-1, 2, 0, 4, 2, 3);
	@ll["e"] = llquantize(0, 2, 0, 4, 2, -2);
	@ll["e"] = llquantize(4, 2, 0, 4, 2, 4);

	printa(@q);
	printa(@l);
	printa(@ll);
	exit(0);
}
