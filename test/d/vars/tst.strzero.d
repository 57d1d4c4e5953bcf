#pragma D option quiet
/*
 * 0 and NULL may be assigned to a string variable of every class (a
 * global, a thread-local, a clause-local, an associative array's
 * element): the string reads empty after, and compares equal to NULL.
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
	printf("[%s] [%s] [%s] [%s]\n", s, self->t, this->u, a["k"]);
	printf("%d %d\n", s == NULL, strlen(a["k"]));
	s = "again";
	printf("[%s]\n", s);
	exit(0);
}
