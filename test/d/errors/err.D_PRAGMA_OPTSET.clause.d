BEGIN
{
	x = 1;
#pragma D option nosuchoption
	exit(0);
}
