/*
 * (string) e of a pointer or an integer means stringof(e), as the DTrace
 * guide says ("String Conversion"): the characters at that address, up
 * to strsize of them; a string cast to string is itself.
 */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	p = (char *)alloca(16);
	p[0] = 'h'; p[1] = 'i'; p[2] = '\0';
	printf("[%s] [%s]\n", (string)p, (string)(uint64_t)p);
	s = (string)(p + 1);
	printf("[%s] %d\n", s, strlen((string)p));
	printf("[%s] [%s]\n", (string)"literal", (string)&curthread->comm[0]);
	p[0] = 'a'; p[1] = 'b'; p[2] = 'c'; p[3] = 'd'; p[4] = 'e';
	p[5] = 'f'; p[6] = 'g'; p[7] = 'h'; p[8] = 'i'; p[9] = '\0';
	printf("[%s] %d\n", (string)p, (string)p == "abcdefgh");
	exit(0);
}
