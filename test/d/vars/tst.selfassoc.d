#pragma D option quiet
/*
 * Thread-local associative arrays: declared (self T a[K...]) or made by
 * their first assignment; keys of several components, of integers and
 * strings; integer, string and pointer values; missing elements read as
 * 0 and NULL; assigning 0 deletes; ++, --, op=; in predicates, as
 * aggregation keys and values, as function arguments.
 */
self int d[int];
self string names[int, string];

BEGIN
{
	self->a["x"] = 1;
	self->a["y"] += 2;
	self->a["x"] *= 5;
	self->b[1, "two"] = 3;
	self->b[arg0 + 2, "two"] = 4;
	self->names[1, "a"] = "alpha";
	self->names[1, "b"] = strjoin(self->names[1, "a"], "bet");
	self->p[pid] = curthread;
	self->d[4]++;
	++self->d[4];
	self->d[5]--;
	self->d[6] = 7;
	self->d[6] -= 7;
	self->d[7] = 12;
	self->d[7] <<= 2;
	self->d[7] |= 1;
	printf("%d %d %d %d %d\n", self->a["x"], self->a["y"],
	    self->b[1, "two"], self->b[2, "two"], self->a["none"]);
	printf("%s|%s|%d|\n", self->names[1, "a"], self->names[1, "b"],
	    self->names[2, "a"] == NULL);
	printf("%d %d %d\n", self->p[pid] == curthread, self->p[0] == NULL,
	    self->d[99]);
	self->a["x"] = 0;
	printf("%d %d %d %d %d\n", self->a["x"], self->d[4], self->d[5],
	    self->d[6], self->d[7]);
	printf("%d %s\n", strlen(self->names[1, "b"]),
	    substr(self->names[1, "a"], 1, 3));
	@c[self->names[1, "a"], self->d[4]] = sum(self->b[1, "two"]);
	@c["beta", self->d[7]] = sum(self->d[5]);
}

BEGIN
/self->d[4] == 2 && self->names[1, "a"] == "alpha"/
{
	printf("predicate true\n");
}

BEGIN
/self->a["x"] != 0/
{
	printf("predicate false\n");
}

BEGIN
{
	printa("%s %d %@d\n", @c);
	exit(0);
}
