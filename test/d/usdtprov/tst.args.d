/* @args: -q -C -I../../prog -c "$BUILD_DIR/testprog/usdtprov 2" */
/*
 * The probes of a provider declared in D (test/prog/usdtprov.d, built
 * with dtrace -h and -G) have args[] of the declared types: char * (a
 * pointer copyinstr() takes), int, a struct req * translated to reqinfo_t
 * * (the translator of usdtprov-types.d), string (the char * copied in,
 * also in another position than its native one: swap's args[1] is its
 * native argument 0),
 * unsigned char, short, long, unsigned long long; probename has "-" for
 * "__".
 */
#include "usdtprov-types.d"

dtprov$target:::request-start
{
	printf("%s: %s %d, sizes %d %d\n", probename, copyinstr(args[0]),
	    args[1], sizeof (args[0]), sizeof (args[1]));
}

dtprov$target:::request-done
{
	printf("%s: id %d path %s status %d\n", probename, args[0]->ri_id,
	    copyinstr(args[0]->ri_path), args[1]);
}

dtprov$target:::name
{
	printf("%s: %s %s\n", probename, args[0], args[0] == "name-0" ?
	    "first" : "second");
}

dtprov$target:::swap
{
	printf("%s: %d %s\n", probename, args[0], args[1]);
}

dtprov$target:::sizes
{
	printf("%s: %u %d %d %u, sizes %d %d %d %d\n", probename, args[0],
	    args[1], args[2], args[3], sizeof (args[0]), sizeof (args[1]),
	    sizeof (args[2]), sizeof (args[3]));
}
