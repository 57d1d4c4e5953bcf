/*
 * DTrace's "version" option: a program written for D 1.0 may name its
 * own variables after the functions D gained later (strstr, index,
 * freopen, substr came with 1.1, func with 1.2, htons with 1.3), as it
 * could then; reads, writes and declarations of them are the program's.
 */
#pragma D option quiet
#pragma D option version=1.0

int strstr;
int index;
int freopen;
int substr;
int func;
int htons;

BEGIN
{
	strstr = 4;
	index = 2;
	freopen = strstr * index;
	substr = freopen - 1;
	func = 10;
	htons = func + substr;
	printf("%d %d %d %d %d %d\n", strstr, index, freopen, substr, func,
	    htons);
	exit(0);
}
