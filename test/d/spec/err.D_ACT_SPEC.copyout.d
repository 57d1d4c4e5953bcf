/* copyout( ) after speculate( ): a destructive action, D_ACT_SPEC. */
#pragma D option destructive

syscall::read:entry
{
	speculate(speculation());
	copyout(alloca(8), arg1, 8);
}
