/*
 * Pointer arithmetic moves by whole pointed-to objects, as in C: +, -,
 * +=, -=, ++, -- on pointers to integers, to pointers, to kernel structs
 * and to structs declared in D; the difference of two pointers counts
 * elements.  void * takes no arithmetic (err.D_OP_INCOMPAT.voidarith*):
 * cast to uintptr_t, bytes are counted.
 */
#pragma D option quiet

struct big {
	char b_c[300];
	int b_i;
};

BEGIN
{
	p = (int *)0x1000;
	p++;
	printf("int * ++: %x\n", (long)p);
	p += 3;
	printf("int * += 3: %x\n", (long)p);
	p -= 2;
	p--;
	printf("int * -= 2, --: %x\n", (long)p);
	printf("int * - int *: %d\n", (int *)0x1010 - (int *)0x1000);
	printf("short * + 5: %x\n", (long)((short *)0x1000 + 5));
	printf("char ** + 2: %x\n", (long)((char **)0x1000 + 2));
	printf("3 + long *: %x\n", (long)(3 + (long *)0x1000));
	printf("uintptr_t + 3: %x\n", (long)((uintptr_t)(void *)0x1000 + 3));
	printf("struct task_struct * + 1: %d\n",
	    (long)(curthread + 1) - (long)curthread == sizeof (struct task_struct));
	b = (struct big *)0x1000;
	b++;
	printf("struct big * ++: %x (sizeof %d)\n", (long)b, sizeof (struct big));
	printf("struct big * - struct big *: %d\n", b - (struct big *)0x1000);
	exit(0);
}
