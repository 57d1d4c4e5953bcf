#pragma D option quiet
/*
 * A '*' width or precision in printa()'s format takes the next key
 * component, as printf()'s takes the next argument: a negative width
 * left-justifies, as with a '-' flag.
 */
BEGIN
{
	@a[6, 42] = sum(1);
	@a[-6, 7] = sum(2);
	printa("[%*d] %@d\n", @a);
	printa("[%-*d] %@d\n", @a);
	@b[3, "abcdef"] = count();
	printa("[%.*s] %@d\n", @b);
	exit(0);
}
