/* @args: -C */
/*
 * -C: #define, a function-like macro, #if and #include of a header of the
 * test directory; #pragma lines pass through the preprocessor.
 */
#include "cpp.h"
#ident "@(#)tst.include.d: cpp passes #ident on; D ignores it"

#define	COUNT	3
#pragma D option quiet

BEGIN
/COUNT == 3/
{
	printf("%s: %d %d\n", GREETING, SQUARE(COUNT), SQUARE(COUNT + 1));
#if COUNT > 2
	printf("more than two\n");
#else
	printf("two or fewer\n");
#endif
#ifdef __SUNW_D
	printf("__SUNW_D is %d\n", __SUNW_D);
#endif
	exit(0);
}
