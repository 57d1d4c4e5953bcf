/* breakpoint() is refused: there is no kernel debugger to enter */
#pragma D option destructive

BEGIN
{
	breakpoint();
}
