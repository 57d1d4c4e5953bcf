/*
 * A flag's value, in any case: yes, true, on, set, enable, enabled set
 * it; no, false, off, unset, disable, disabled unset it (DTrace's words).
 */
#pragma D option quiet=YES
#pragma D option quiet=true
#pragma D option quiet=enable
#pragma D option quiet=Enabled
#pragma D option quiet=On
#pragma D option quiet=SeT
#pragma D option flowindent=NO
#pragma D option flowindent=False
#pragma D option flowindent=disable
#pragma D option flowindent=DISABLED
#pragma D option flowindent=off
#pragma D option flowindent=UnSeT

BEGIN
{
	printf("quiet\n");
	exit(0);
}
