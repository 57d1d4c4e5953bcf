# print() takes a pointer, as DTrace for Linux's print(void *) does, and
# shows its address, then what it points to at the probe columns' indent:
# an integer of every size and sign, a char (quoted when printable), a
# pointer (in hex, typed), a value of zero (the top level is never left
# out), through pointers to D's own integers, to pointers and to kernel
# types.  The address is masked.
$DTRACE -qn 'BEGIN {
	p = (long *)alloca(32);
	p[0] = -7;
	p[1] = 0x41;
	p[2] = 0;
	print(p);
	print((char *)p);
	print((unsigned char *)p);
	print((short *)p);
	print((unsigned int *)p);
	print((void **)p);
	print((char *)&p[1]);
	print((int **)&p[1]);
	print((struct task_struct **)&p[1]);
	print(&p[2]);
	exit(0);
}' | sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */'
