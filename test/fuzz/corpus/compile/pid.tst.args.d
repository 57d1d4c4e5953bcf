/* @args: -q -c "$BUILD_DIR/testprog/pidtarget-nopie 3" */
/*
 * Entry: arg0 and arg1 are the first two arguments (rdi, rsi).  Return:
 * arg1 is the return value and arg0 the address returned to, which is
 * the PC of the saved user registers (uregs[R_PC]) when a uretprobe fires.
 */
pid$target:a.out:dt_pt_add:entry,
pid$target:a.out:dt_pt_mul:entry
{
	printf("%s(%d, %d)\n", probefunc, arg0, arg1);
}

pid$target:a.out:dt_pt_mul:return
{
	printf("%s returned %d to the PC %s\n", probefunc, arg1,
	    arg0 == uregs[R_PC] && arg0 != 0 ? "yes" : "no");
}
