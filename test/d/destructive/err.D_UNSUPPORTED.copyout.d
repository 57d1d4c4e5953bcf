/* copyout() is refused, even with -w: D programs never write user memory */
#pragma D option destructive

syscall::read:entry
{
	copyout((void *)arg0, arg1, 1);
}
