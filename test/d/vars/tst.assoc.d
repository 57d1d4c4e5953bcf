#pragma D option quiet
/* Associative arrays: tuple keys of integers and strings, missing keys
   read as 0 and NULL, assigning 0 deletes, op= and ++ on elements. */
BEGIN
{
	a["x"] = 1;
	a["y"] = 2;
	a["x"] += 10;
	b[1, "k"] = "val";
	c[3]++;
	c[3]++;
	d[execname, pid] = timestamp;
	printf("%d %d %d\n", a["x"], a["y"], a["z"]);
	printf("%s|%d|\n", b[1, "k"], b[2, "k"] == NULL);
	printf("%d %d %d\n", c[3], c[4], d["dtrace", pid] > 0);
	a["x"] = 0;
	printf("%d\n", a["x"]);
	exit(0);
}
