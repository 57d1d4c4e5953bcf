/*
 * Where a subroutine takes a string, a void * is taken as a char * is
 * (DTrace: a void pointer is compatible with any pointer): the string
 * at that address.  A pointer to int or to a struct is not (err tests).
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(16);
	p[0] = 'a'; p[1] = ','; p[2] = 'b'; p[3] = '\0';
	v = (void *)p;
	printf("%d [%s] [%s] [%s] %d\n", strlen(v), strjoin(v, "!"),
	    substr(v, 1), strtok("x,y", v), index("zza,b", v));
	printf("[%s] [%s]\n", strtok(v, (void *)&curthread->comm[2]),
	    strchr(v, 'b'));
	exit(0);
}
