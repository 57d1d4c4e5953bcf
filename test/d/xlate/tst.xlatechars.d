#pragma D option quiet
/*
 * A translated member that the output struct declares a char array is a
 * string of its characters: indexed within the array's bounds, and cast
 * to a pointer to its characters, as DTrace's char arrays are.
 */
struct named {
	char nm_tag[8];
	int nm_len;
};

translator struct named < int x > {
	nm_tag = x > 0 ? "plus" : "minus";
	nm_len = x;
};

BEGIN
{
	printf("%d %d\n", curlwpsinfo->pr_name[0] == execname[0],
	    curpsinfo->pr_fname[15] == 0 || curpsinfo->pr_fname[15] != 0);
	this->p = (char *)curpsinfo->pr_fname;
	printf("%d\n", stringof(this->p) == execname);
	printf("%c%c %d\n", xlate <struct named> (3).nm_tag[0],
	    xlate <struct named> (-3).nm_tag[4],
	    xlate <struct named> (-3).nm_tag[7]);
	exit(0);
}
