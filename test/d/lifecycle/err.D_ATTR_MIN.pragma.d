/*
 * #pragma D option amin: a description naming no provider may match
 * providers that do not exist yet, so it is Unstable/Unstable/Common,
 * below the minimum asked.
 */
#pragma D option amin=Evolving/Evolving/Common

:::BEGIN
{
	exit(0);
}
