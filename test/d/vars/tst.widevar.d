#pragma D option quiet
/*
 * A variable that is not declared, typed by its first assignment (or
 * reference), holds the whole 64-bit value, as DTrace's does, and a
 * record shows it in its type's size; a declared one holds its type's
 * size.
 */
int d;

BEGIN
{
	t = 0;
	t = 0x100000005;
	printf("global %d %d %d\n", t, t == 0x100000005, t >> 32);
	d = 0x100000005;
	printf("declared %d %d\n", d, d == 5);
	self->x = 0;
	self->x = 0x200000000;
	printf("self %d\n", self->x / 0x100000000);
	this->y = 0;
	this->y = 0x300000000;
	printf("this %d\n", this->y != 0);
	i = 0;
	i = 100000;
	i = i * i * 3;
	printf("product %d\n", i);
	i = i / 1000;
	printf("quotient %d\n", i);
	i += 0x100000000;
	i++;
	printf("compound %d %d\n", i, i > 0x100000000);
	printf("first reference %d\n", r++ == 0 && ++r == 2);
	exit(0);
}
