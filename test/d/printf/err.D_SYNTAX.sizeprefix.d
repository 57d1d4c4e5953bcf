/*
 * %hhd is no conversion of DTrace's: its size prefixes go with some
 * conversions only (h with d i o u x X), and any other is undefined.
 */
BEGIN { printf("%hhd\n", 1); exit(0); }
