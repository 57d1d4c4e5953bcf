/*
 * chill( ) is destructive: after speculate( ) it is DTrace's D_ACT_SPEC,
 * before the reason this build does not run it at all.
 */
#pragma D option destructive

BEGIN
{
	speculate(speculation());
	chill(10);
}
