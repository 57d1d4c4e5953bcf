# %C and %S print what is not printable as D's escape sequences; %Y prints
# nanoseconds since the epoch as a date in the local time zone.
TZ=UTC $DTRACE -q -n 'BEGIN {
	printf("[%C][%C][%C][%C][%-4C|][%3C]\n", 65, 10, 1, 39, 66, 0x7f);
	printf("[%S][%10S][%-10S|]\n", "a\tb\"c\\d", "x\ny", "\a\b");
	printf("[%Y]\n[%Y]\n", 0, 86400000000000 + 3723000000000);
	printf("[%25Y]\n", 1700000000000000000);
	exit(0);
}'
