#pragma D option quiet
/*
 * 0 and NULL may be assigned to a string variable of every class (a
 * global, a thread-local, a clause-local, an associative array's
 * element): the variable is then NULL, as in DTrace.  It compares equal
 * to NULL, and to "" (a string comparison reads NULL as the empty
 * string); a later string is stored as usual.  Reading it as a string
 * faults (strings/tst.null-fault.d).
 */
BEGIN
{
	s = "abc";
	s = 0;
	self->t = "def";
	self->t = NULL;
	this->u = "ghi";
	this->u = 0;
	a["k"] = "jkl";
	a["k"] = 0;
	printf("%d %d %d %d\n", s == NULL, self->t == NULL, this->u == NULL,
	    a["k"] == NULL);
	printf("%d %d %d %d\n", s == "", self->t != "", this->u < "a",
	    a["k"] == "jkl");
	s = "again";
	printf("[%s] %d\n", s, s == NULL);
	s = "";
	printf("[%s] %d\n", s, s == NULL);
	exit(0);
}
