#pragma D option quiet
#pragma D option strsize=4096
/*
 * cleanpath() at strsize 4096, ten calls in one program (inlined at each
 * call, the routine was refused by the verifier at the second call of a
 * program at this size), on paths longer than the default strsize; one
 * call a clause, as a clause records at most 14479 bytes here.  The
 * routine is verified once, for the program (docs/design.md, "Runtime
 * routines").
 */
BEGIN
{
	printf("[%s]\n", cleanpath("/d0/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20/d21/d22/d23/d24/d25/d26/d27/d28/d29/d30/d31/d32/d33/d34/d35/d36/d37/d38/d39/d40/d41/d42/d43/d44/d45/d46/d47/d48/d49/d50/d51/d52/d53/d54/d55/d56/d57/d58/d59/../../../../../../../../../../../../../../../../../../../../../../../../../../../../../.././x//"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("r0/r1/r2/r3/r4/r5/r6/r7/r8/r9/r10/r11/r12/r13/r14/r15/r16/r17/r18/r19/r20/r21/r22/r23/r24/r25/r26/r27/r28/r29/r30/r31/r32/r33/r34/r35/r36/r37/r38/r39/r40/r41/r42/r43/r44/r45/r46/r47/r48/r49/../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../../y/"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("/a/b/../c"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("a/.."));
}

BEGIN
{
	printf("[%s]\n", cleanpath("//x/./y/../"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("/.."));
}

BEGIN
{
	printf("[%s]\n", cleanpath("../a"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("a/b/c/"));
}

BEGIN
{
	printf("[%s]\n", cleanpath("/q/./.././r"));
}

BEGIN
{
	printf("[%s]\n", cleanpath(""));
	exit(0);
}
