/* copyoutstr() is refused, even with -w: D programs never write user memory */
#pragma D option destructive

syscall::read:entry
{
	copyoutstr("overwritten", arg1, 12);
}
