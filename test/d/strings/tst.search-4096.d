#pragma D option quiet
#pragma D option strsize=4096
/*
 * index(), rindex() and strstr() of a variable at strsize 4096 on long
 * strings (docs/design.md, "Runtime routines": a plain search in a
 * bpf_loop callback, two string temporaries; before, a variable needle
 * was "statement too complex" at this strsize).  t = "ab" 200 times,
 * "needle", 100 c's, "needle", 50 d's (562 characters); n2 = "ab" 150
 * times and "n".  big = 3000 a's and "b", built with strjoin() (125 a's
 * doubled 3 times, 1000, then 3000); bn = 1500 a's and "b": the search
 * tries 1500 starts of 1501 comparisons each, the worst case at this
 * size.  Expected positions computed outside DTrace (find/rfind).
 */
BEGIN
{
	t = "ababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababneedleccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccneedledddddddddddddddddddddddddddddddddddddddddddddddddd";
	nd = "needle";
	n2 = "ababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababn";
	printf("len %d %d\n", strlen(t), strlen(n2));
	printf("index %d %d %d %d\n", index(t, nd), rindex(t, nd),
	    index(t, nd, 401), rindex(t, nd, 505));
	r = strstr(t, nd);
	printf("strstr %d [%s]\n", strlen(r), substr(r, 0, 10));
	printf("long %d %d\n", index(t, n2), rindex(t, n2));
}

BEGIN
{
	a = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	a = strjoin(a, a);
	a = strjoin(a, a);
	a = strjoin(a, a);
	big = strjoin(a, a);
	big = strjoin(big, a);
	big = strjoin(big, "b");
	aa = substr(big, 0, 3000);
	bn = substr(big, 0, 1500);
	bn = strjoin(bn, "b");
	x = index(big, bn);
	y = rindex(big, bn);
	z = index(aa, bn);
	printf("big %d %d %d %d %d\n", strlen(big), strlen(bn), x, y, z);
}

BEGIN
{
	printf("none %d %d\n", index(t, "needlf"), rindex(t, "xneedle"));
	exit(0);
}
