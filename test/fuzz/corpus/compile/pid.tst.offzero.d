/* @args: -q -c "$BUILD_DIR/testprog/pidtarget 3" */
/*
 * Offset 0, a function's first instruction, is always an instruction
 * boundary: it fires once a call, with the arguments and at the PC of
 * the entry probe (which fires at the same breakpoint, before or after
 * it: their order is the kernel's).
 */
pid$target:a.out:dt_pt_add:entry
{
	self->pe = uregs[R_PC];
}

pid$target:a.out:dt_pt_add:0
{
	printf("%s:%s(%d, %d)\n", probefunc, probename, arg0, arg1);
	self->p0 = uregs[R_PC];
	n++;
}

pid$target:a.out:dt_pt_mul:entry
{
	printf("at the entry PC: %s\n", self->p0 == self->pe &&
	    self->p0 != 0 ? "yes" : "no");
}

END
{
	printf("%d firings\n", n);
}
