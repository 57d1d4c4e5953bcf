# -x oformat=json: one JSON object a line for each firing and each
# aggregation.  Every line must parse (jq fails on anything that is not
# JSON); the output is then compared as printed, with the CPU (which
# varies from run to run) masked once jq has checked it is a number.
# Bucket bounds are inclusive; the first bucket has no "min", the last no
# "max".  Strings keep valid UTF-8 as is and give every other byte as
# \u00XX; control characters, quotes and backslashes are escaped.
out=$($DTRACE -q -x oformat=json -n 'BEGIN {
	trace(42); trace(-7); trace((char)-1); trace((uint16_t)65535);
	trace("quote\" back\\ tab\t nl\n bell\a del\177 é hi\377 end");
	trace((void *)0x1234);
	printf("%d-%s\n", 5, "x");
	@c["a", 1] = count(); @c["b", 2] = count(); @c["b", 2] = count();
	@s = sum(-3); @a = avg(10); @a = avg(20);
	@mn = min(4); @mx = max(9); @sd = stddev(2); @sd = stddev(4);
	@q = quantize(0); @q = quantize(5); @q = quantize(-3);
	@q = quantize(0x4000000000000000);
	@l = lquantize(-1, 0, 10, 2); @l = lquantize(3, 0, 10, 2);
	@l = lquantize(10, 0, 10, 2);
	@ll = llquantize(0, 10, 0, 2, 10); @ll = llquantize(1234, 10, 0, 2, 10);
	@ll = llquantize(-5, 10, 0, 2, 10);
	printa(@s);
	printa("%s %d %@d\n", @c);
	exit(0);
}') || exit 1
printf '%s\n' "$out" |
    jq -s 'map(select(.type == "probe") | .cpu | type == "number") | all'
printf '%s\n' "$out" | jq -c . > /dev/null || echo "not JSON"
printf '%s\n' "$out" | sed -E 's/"cpu":[0-9]+/"cpu":N/'
