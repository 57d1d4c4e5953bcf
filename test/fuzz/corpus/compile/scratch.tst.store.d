/*
 * Stores through pointers into alloca()'d memory: =, op=, ++ and --, of
 * every integer size, pointers, and struct members; a store outside the
 * scratch space the clause allocated is the invalid address fault.
 */
#pragma D option quiet

BEGIN
{
	this->p = (int *)alloca(16);
	*this->p = 5;
	this->p[1] = 7;
	this->p[2] = 0x11223344;
	this->p[3] = -1;
	*this->p += 10;
	this->p[1]++;
	--this->p[1];
	this->p[1] <<= 2;
	printf("%d %d %x %x %d\n", this->p[0], this->p[1],
	    *((unsigned char *)this->p + 8), *(unsigned short *)
	    ((char *)this->p + 9), this->p[3]);
	this->c = (char *)alloca(8);
	this->c[0] = 'h';
	this->c[1] = 'i';
	this->c[2] = 0;
	printf("%s\n", stringof(this->c));
	this->t = (struct __kernel_timespec *)alloca(16);
	this->t->tv_sec = 0;
	this->t->tv_nsec = 12345;
	this->old = this->t->tv_nsec++;
	printf("%d %d %d\n", this->old, this->t->tv_nsec, this->t->tv_sec);
	this->pp = (long **)alloca(8);
	*this->pp = (long *)this->t;
	printf("%d\n", **this->pp == 0);
	this->l = (long *)alloca(8);
	printf("%d\n", *this->l = 0x123456789);
	/* an associative array of pointers is still an array */
	ptrs[1] = (int *)alloca(8);
	ptrs[2] = ptrs[1];
	*ptrs[2] = 3;
	printf("%d\n", *ptrs[1]);
}

BEGIN
{
	this->p = (int *)alloca(8);
	this->p[1] = 1;
	printf("the last int of an allocation\n");
}

BEGIN
{
	this->p = (int *)alloca(8);
	this->p[2] = 1;		/* past the allocation */
	printf("not reached 1\n");
}

BEGIN
{
	*(int *)curthread = 1;	/* kernel memory is not writable */
	printf("not reached 2\n");
}

BEGIN
{
	this->p = (int *)alloca(8);
	this->p[-1] = 1;
	printf("not reached 3\n");
}

ERROR
{
	printf("ERROR: clause %d fault %d\n", arg2, arg4);
}

BEGIN
{
	exit(0);
}
