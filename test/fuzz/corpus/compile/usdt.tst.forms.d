/* @args: -q -c "$BUILD_DIR/testprog/usdttarget 2" */
/*
 * Argument specs written by hand: memory at base + index * scale + disp
 * (-8@8(%rdx,%rcx,8): the fourth long of an array), a high byte register
 * (1@%ah of 0x1234), memory without a displacement (-2@(%rdx)); variables
 * named by their symbol, as GNU as writes them in PIC code
 * (-4@dt_usdt_global(%rip), -8@dt_usdt_arr+16(%rip)).  An argument in
 * memory that cannot be read is 0 (8@(%rdx) with %rdx = 8), the others
 * are read.
 */
dt_usdt$target:::indexed
{
	printf("%s %d 0x%x %d\n", probename, arg0, arg1, arg2);
}

dt_usdt$target:::global,
dt_usdt$target:::symoff
{
	printf("%s %d\n", probename, arg0);
}

dt_usdt$target:::unreadable
{
	printf("%s %d %d\n", probename, arg0, arg1);
}
