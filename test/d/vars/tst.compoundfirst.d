/*
 * op= on variables declared, or assigned or incremented before it (in an
 * earlier clause or statement), or read first by ++: DTrace takes these.
 */
#pragma D option quiet

int g;
self int s;
int arr[string];

BEGIN
{
	g += 5;
	self->s -= 2;
	arr["a"] += 3;
	x = 10;
}

BEGIN
{
	x *= 3;
	y++;
	y += 6;
	this->l = 4;
	this->l <<= 2;
	printf("%d %d %d %d %d %d\n", g, self->s, arr["a"], x, y, this->l);
	exit(0);
}
