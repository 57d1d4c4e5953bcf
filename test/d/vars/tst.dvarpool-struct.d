/*
 * The place of an element whose value is a struct is given back by a
 * store of 0 as well: struct { int a; } is 4 bytes, so an element costs
 * 16 + 4 = 20 bytes and 79 bytes hold 3.
 */
#pragma D option dynvarsize=79
#pragma D option quiet

this struct {
	int a;
} val;

BEGIN
{
	this->val.a = 1;
	a[1] = this->val;
	this->val.a = 2;
	a[2] = this->val;
	this->val.a = 3;
	a[3] = this->val;
	a[1] = 0;
	this->val.a = 4;
	a[4] = this->val;
	printf("%d %d %d %d\n", a[1].a, a[2].a, a[3].a, a[4].a);
	exit(0);
}

ERROR
{
	exit(1);
}
