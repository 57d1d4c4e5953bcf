/* @args: -C */
/*
 * Clauses longer than a BPF jump reaches (32767 instructions): the jumps
 * to a clause's fault handler and to its end pass through islands
 * between statements, and the program's exits are taken where they are
 * tested.  The first clause's 128 statements each store an associative
 * array element and a self-> element and print both (k * 3 and
 * k * 3 + 1), after a predicate that jumps over all of them when false
 * and a division that may fault.  The second clause's first statement
 * divides by zero: it faults, its data is dropped, the ERROR clause
 * reports fault 4 (DTRACEFLT_DIVZERO), and the third clause runs.
 */
#pragma D option quiet

int zero, one;

#define S(k) a[k] = (k) * 3; self->t[k] = a[k] + 1; printf("%d %d\n", a[k], self->t[k])
#define S8(k) S(k); S(k + 1); S(k + 2); S(k + 3); S(k + 4); S(k + 5); S(k + 6); S(k + 7)

BEGIN
{
	one = 1;
}

BEGIN
/zero == 0/
{
	x = 10 / one;
	S8(0);
	S8(8);
	S8(16);
	S8(24);
	S8(32);
	S8(40);
	S8(48);
	S8(56);
	S8(64);
	S8(72);
	S8(80);
	S8(88);
	S8(96);
	S8(104);
	S8(112);
	S8(120);
}

BEGIN
/zero == 0/
{
	x = 10 / zero;
	S8(0);
	S8(8);
	S8(16);
	S8(24);
	S8(32);
	S8(40);
	S8(48);
	S8(56);
	S8(64);
	S8(72);
	S8(80);
	S8(88);
	S8(96);
	S8(104);
	S8(112);
	S8(120);
}

ERROR
{
	printf("error %d\n", arg4);
}

BEGIN
{
	printf("after %d %d %d\n", x, a[127], self->t[0]);
	exit(0);
}
