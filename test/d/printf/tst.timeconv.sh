# %T prints nanoseconds since the epoch as RFC 822 does, in the local time
# zone, as DTrace writes it: with the ISO 8601 year of the week (strftime's
# %G), so 30 December 2024, a Monday of the first week of 2025, shows 2025.
# A width pads it as a string; printa( ) takes it for a key.
TZ=UTC $DTRACE -q -n 'BEGIN {
	printf("[%T]\n[%T]\n", 0, 1700000000000000000);
	printf("[%T]\n", 1735560000000000000);
	printf("[%35T]\n[%-33T|]\n", 0, 0);
	@a[1700000000000000000] = count();
	printa("%T %@d\n", @a);
	exit(0);
}'
TZ=America/New_York $DTRACE -q -n 'BEGIN {
	printf("[%T]\n", 1700000000000000000);
	exit(0);
}'
