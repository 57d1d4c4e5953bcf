#pragma D option quiet
/*
 * A string that is NULL (a string variable of any class assigned 0 or
 * NULL, an element never stored, strtok( ) with no token left, strchr( ) or
 * strstr( ) that finds nothing) faults where DTrace reads it as a
 * string: traced, printed with %s, passed to a subroutine (in a predicate
 * too), indexed, stringof( ) of it traced.  The
 * fault is the invalid address (DTRACEFLT_BADADDR, arg4 1) at address 0
 * (arg5), or at i for s[i]; the clause ends there and what it recorded is
 * not output.  Passed on as a value it stays NULL; strtok( ) given a NULL
 * string goes on with the string of its last call.
 */
string g;
string arr[int];
self string nope;

BEGIN { g = "abc"; g = NULL; trace(g); printf("not reached\n"); }
BEGIN { self->t = "x"; self->t = NULL; printf("[%s]\n", self->t); }
BEGIN { printf("%d\n", strlen(arr[3])); }
BEGIN { this->s = "abc"; this->s = NULL; trace(this->s[1]); }
BEGIN { g = NULL; trace(g[5]); }
BEGIN { trace(strtok("abc", "x")); trace(strtok(NULL, "x")); }
BEGIN { printf("%s\n", strjoin("a", strchr("abc", 'z'))); }
BEGIN { printf("%s\n", substr(self->nope, 1)); }
BEGIN { printf("%d\n", index(self->nope, "a")); }
BEGIN { printf("%s\n", strstr("haystack", "needle")); }
BEGIN { h = g; printf("%d\n", h == NULL); trace(h); }
BEGIN { trace(stringof(self->nope)); }
BEGIN /strlen(self->nope) > 0/ { printf("not reached\n"); }
BEGIN { self->u = strrchr("abc", 'q'); printf("%d\n", toupper(self->u) == ""); }
BEGIN
{
	x = "one,two";
	printf("[%s]", strtok(x, ","));
	n = strchr("abc", 'z');
	printf("[%s]\n", strtok(n, ","));
	g = "fine";
	arr[3] = "set";
	printf("%s %s %d\n", g, arr[3], strlen(arr[3]));
	exit(0);
}
ERROR { printf("fault %d %d\n", arg4, arg5); }
