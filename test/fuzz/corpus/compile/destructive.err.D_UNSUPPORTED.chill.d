/* chill() is refused: a BPF program may not wait on this kernel */
#pragma D option destructive

BEGIN
{
	chill(1000);
	exit(0);
}
