#pragma D option quiet
#pragma D option strsize=4096
/*
 * The runtime routines whose loops are bpf_loop's, on strings longer
 * than 256 characters at strsize 4096 (docs/design.md, "Runtime
 * routines"): toupper(), tolower(), strchr(), strrchr(), basename(),
 * dirname().  Before, each was refused by the verifier at this strsize
 * ("The sequence of 8193 jumps is too complex").  The path is "/usr/",
 * 300 a's, "/", 300 b's, "//"; the string is 300 a's then "bcd".  At
 * this strsize a statement holds two strings at once: each result is
 * kept in a variable first.
 */
BEGIN
{
	p = "/usr/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb//";
	s = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcd";
	printf("%d %d\n", strlen(p), strlen(s));
	r = basename(p);
	printf("basename %d [%s]\n", strlen(r), substr(r, 296));
}

BEGIN
{
	r = dirname(p);
	printf("dirname %d [%s]", strlen(r), substr(r, 0, 8));
	printf(" [%s]\n", substr(r, 300));
	r = toupper(s);
	printf("toupper %d [%s]\n", strlen(r), substr(r, 296));
}

BEGIN
{
	r = tolower(r);
	printf("tolower [%s]\n", substr(r, 296));
	printf("strchr [%s]\n", strchr(s, 'b'));
	printf("strrchr [%s]\n", strrchr(s, 'a'));
}

BEGIN
{
	r = strchr(s, 0);
	printf("strchr0 %d\n", strlen(r));
	r = strrchr(s, 0);
	printf("strrchr0 %s\n", r == NULL ? "NULL" : "not NULL");
	r = strchr(s, 'z');
	printf("none %s", r == NULL ? "NULL" : "not NULL");
	r = strrchr(s, 'z');
	printf(" %s\n", r == NULL ? "NULL" : "not NULL");
	exit(0);
}
