#pragma D option quiet
/*
 * Several declarators in one declaration, as in C: each gets the type
 * of the declaration, with its own '*'s and array or key list; self and
 * this declarations declare each name in their scope.  D's own integer
 * types need no kernel type data.
 */
int a, b;
self int x, y;
this int k, l;
signed char c, c0;
int *p, i;
uint64_t u, v;
uint8_t u8, u8b;
int arr[4], m[2][3], n;
int keyed[int], pair[string, int];
BEGIN
{
	a = 1;
	b = 2;
	self->x = 3;
	self->y = 4;
	this->k = 5;
	this->l = 6;
	c = -1;
	c0 = 200;
	i = 7;
	u = 0xffffffffffffffff;
	v = u + 2;
	u8 = 300;
	arr[1] = 8;
	m[1][2] = 9;
	n = arr[1] + m[1][2];
	keyed[1] = 10;
	pair["a", 1] = 11;
	printf("%d %d %d %d %d %d\n", a, b, self->x, self->y, this->k, this->l);
	printf("%d %d %d %d\n", c, c0, sizeof (p), sizeof (i));
	printf("%u %u %u %u\n", u, v, u8, u8b);
	printf("%d %d %d\n", n, keyed[1], pair["a", 1]);
	exit(0);
}
