/*
 * More self-> variables than a BPF program may use maps: 70 scalars and
 * 10 arrays, whose maps the program run at a thread's exit deletes the
 * thread's entries from too, so it names them all.
 */
#pragma D option quiet

BEGIN
{
	self->t0 = 0 * 2;
	self->t1 = 1 * 2;
	self->t2 = 2 * 2;
	self->t3 = 3 * 2;
	self->t4 = 4 * 2;
	self->t5 = 5 * 2;
	self->t6 = 6 * 2;
	self->t7 = 7 * 2;
	self->t8 = 8 * 2;
	self->t9 = 9 * 2;
	self->t10 = 10 * 2;
	self->t11 = 11 * 2;
	self->t12 = 12 * 2;
	self->t13 = 13 * 2;
	self->t14 = 14 * 2;
	self->t15 = 15 * 2;
	self->t16 = 16 * 2;
	self->t17 = 17 * 2;
	self->t18 = 18 * 2;
	self->t19 = 19 * 2;
	self->t20 = 20 * 2;
	self->t21 = 21 * 2;
	self->t22 = 22 * 2;
	self->t23 = 23 * 2;
	self->t24 = 24 * 2;
	self->t25 = 25 * 2;
	self->t26 = 26 * 2;
	self->t27 = 27 * 2;
	self->t28 = 28 * 2;
	self->t29 = 29 * 2;
	self->t30 = 30 * 2;
	self->t31 = 31 * 2;
	self->t32 = 32 * 2;
	self->t33 = 33 * 2;
	self->t34 = 34 * 2;
	self->t35 = 35 * 2;
	self->t36 = 36 * 2;
	self->t37 = 37 * 2;
	self->t38 = 38 * 2;
	self->t39 = 39 * 2;
	self->t40 = 40 * 2;
	self->t41 = 41 * 2;
	self->t42 = 42 * 2;
	self->t43 = 43 * 2;
	self->t44 = 44 * 2;
	self->t45 = 45 * 2;
	self->t46 = 46 * 2;
	self->t47 = 47 * 2;
	self->t48 = 48 * 2;
	self->t49 = 49 * 2;
	self->t50 = 50 * 2;
	self->t51 = 51 * 2;
	self->t52 = 52 * 2;
	self->t53 = 53 * 2;
	self->t54 = 54 * 2;
	self->t55 = 55 * 2;
	self->t56 = 56 * 2;
	self->t57 = 57 * 2;
	self->t58 = 58 * 2;
	self->t59 = 59 * 2;
	self->t60 = 60 * 2;
	self->t61 = 61 * 2;
	self->t62 = 62 * 2;
	self->t63 = 63 * 2;
	self->t64 = 64 * 2;
	self->t65 = 65 * 2;
	self->t66 = 66 * 2;
	self->t67 = 67 * 2;
	self->t68 = 68 * 2;
	self->t69 = 69 * 2;
	self->a0["k", 0] = 0 + 100;
	self->a1["k", 1] = 1 + 100;
	self->a2["k", 2] = 2 + 100;
	self->a3["k", 3] = 3 + 100;
	self->a4["k", 4] = 4 + 100;
	self->a5["k", 5] = 5 + 100;
	self->a6["k", 6] = 6 + 100;
	self->a7["k", 7] = 7 + 100;
	self->a8["k", 8] = 8 + 100;
	self->a9["k", 9] = 9 + 100;
}

BEGIN
{
	printf("%d %d %d\n", self->t0, self->t39, self->t69);
	printf("%d %d\n", self->a0["k", 0], self->a9["k", 9]);
	self->t69 = 0;
	printf("%d\n", self->t69);
	exit(0);
}
