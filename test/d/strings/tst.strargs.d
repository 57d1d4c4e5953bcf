/* @args: -q */
/*
 * Where a subroutine takes a string, DTrace takes a char pointer too, and
 * NULL: a pointer is read as the string it points to; an address that
 * cannot be read (NULL, 8) is the invalid address fault with that
 * address, and the clause stops there.  BEGIN runs in dtrace itself, so
 * its comm is "dtrace".
 */
BEGIN
{
	this->p = (char *)&curthread->comm[0];
	this->u = (unsigned char *)&curthread->comm[1];
	printf("%d [%s] [%s] %d [%s]\n", strlen(this->p),
	    strjoin(this->p, "!"), substr(this->p, 2), index(this->p, "ace"),
	    toupper(this->p));
	printf("[%s] [%s] %d\n", strjoin("<", this->u), basename(this->u),
	    rindex("dtrace trace", this->u));
}

BEGIN
{
	printf("%d\n", strlen(0));
	printf("not reached 1\n");
}

BEGIN
{
	trace(strjoin("a", (char *)NULL));
	printf("not reached 2\n");
}

BEGIN
{
	trace(dirname((char *)8));
	printf("not reached 3\n");
}

BEGIN
{
	trace(strstr("abc", (char *)0));
	printf("not reached 4\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d addr %d\n", arg4, arg5);
}
