#pragma D option quiet
/*
 * strtok(): tokens, empty ones passed over; leading, trailing and several
 * delimiter characters; NULL goes on with the string of the last call,
 * across statements and clauses of one firing; at the end NULL, which
 * compares equal to NULL (printing it would fault: strings/
 * tst.null-fault.d); an empty delimiter set gives the whole rest as one
 * token.
 */
BEGIN
{
	s = "a,b,,c";
	printf("[%s]", strtok(s, ","));
	printf("[%s]", strtok(NULL, ","));
	this->t = strtok(NULL, ",");
	printf("[%s]", this->t);
	this->t = strtok(NULL, ",");
	printf(" %d\n", this->t == NULL);
	this->t = strtok(NULL, ",");
	printf("%d %d\n", strtok(NULL, ",") == NULL, strtok(NULL, ",") != NULL);
}

BEGIN
{
	printf("[%s]", strtok(",,lead,trail,,", ","));
	printf("[%s]", strtok(NULL, ","));
	printf("%d\n", strtok(NULL, ",") == NULL);
	d = "; ,";
	printf("[%s]", strtok(" ;x; y ,z,,; ", d));
	printf("[%s]", strtok(NULL, d));
	printf("[%s]", strtok(NULL, d));
	printf("%d\n", strtok(NULL, d) == NULL);
	/* a different delimiter each call */
	printf("[%s]", strtok("k=v;k2=v2", "="));
	printf("[%s]", strtok(NULL, ";"));
	printf("[%s]\n", strtok(NULL, "="));
}

BEGIN
/(this->f = strtok("Carrots,Barley,Oatmeal", ",")) != NULL/
{
	printf("first %s\n", this->f);
}

BEGIN
/(this->f = strtok(NULL, ",")) != NULL/
{
	printf("second %s\n", this->f);
}

BEGIN
{
	printf("[%s]", strtok("a b", ""));
	printf("%d", strtok(NULL, "") == NULL);
	printf("%d", strtok("", ",") == NULL);
	printf("%d\n", strtok(",,,", ",") == NULL);
	printf("%d\n", strtok(",,,", ",") == NULL);
	exit(0);
}
