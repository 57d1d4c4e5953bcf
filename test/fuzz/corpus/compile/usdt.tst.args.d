/* @args: -q -c "$BUILD_DIR/testprog/usdttarget 3" */
/*
 * stapsdt arguments as their specs say: registers (-4@%ebx), memory on
 * the stack (-1@11(%rsp) 8@16(%rsp), -2@12(%rsp) 2@14(%rsp)), constants
 * (-4@$5 -4@$-3), each sign- or zero-extended from its size; a pointer
 * argument read with copyinstr().  Arguments a probe does not have are 0.
 */
dt_usdt$target:::zero
{
	printf("%s %d %d\n", probename, arg0, arg1);
}

dt_usdt$target:::one
{
	printf("%s %d\n", probename, arg0);
}

dt_usdt$target:::two
{
	printf("%s %d %u\n", probename, arg0, arg1);
}

dt_usdt$target:::three
{
	printf("%s %d %d %s\n", probename, arg0, arg1, copyinstr(arg2));
}

dt_usdt$target:::konst
{
	printf("%s %d %d %d\n", probename, arg0, arg1, arg2);
}
