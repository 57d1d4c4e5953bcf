/*
 * trace() of a pointer, as DTrace for Linux shows it: the unsigned
 * 64-bit number it holds, in decimal, right-aligned in a field of 20
 * after a space as any unsigned 8-byte value, whatever it points to;
 * quiet (tst.tracepointer-q.d): the number alone.
 */
BEGIN { trace((void *)0x1000); }
BEGIN { trace((int *)-1); }
BEGIN { trace((char *)0); }
BEGIN { trace((struct task_struct *)0x10); }
BEGIN { trace((uint64_t **)255); }
BEGIN { trace(curthread == 0 ? (void *)1 : (void *)2); exit(0); }
