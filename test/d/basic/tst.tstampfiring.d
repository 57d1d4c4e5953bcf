/*
 * timestamp is read once a firing (DTrace's rule: the same value
 * however often a clause uses it): equal within a clause and in every
 * clause of the same firing, later at a later firing.  walltimestamp is
 * read at each use and never goes back.
 */
#pragma D option quiet

BEGIN
{
	first = timestamp;
	this->w1 = walltimestamp;
	this->w2 = walltimestamp;
	printf("clause %s\n", timestamp == first ? "same" : "differs");
	printf("walltimestamp %s\n", this->w2 >= this->w1 ? "ordered" :
	    "goes back");
}

BEGIN
/timestamp == first/
{
	printf("next clause same\n");
}

BEGIN
/timestamp != first/
{
	printf("next clause differs\n");
}

tick-10ms
{
	printf("later firing %s\n", timestamp > first ? "later" : "not later");
	printf("its clause %s\n", timestamp - timestamp == 0 ? "same" :
	    "differs");
	exit(0);
}
