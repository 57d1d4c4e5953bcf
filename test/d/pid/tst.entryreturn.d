/* @args: -q -c "$BUILD_DIR/testprog/pidtarget 5" */
/*
 * dt_pt_add is called exactly 5 times (returning 100 .. 104), dt_pt_mul
 * once: entry and return counts, and the return values in arg1.
 */
int s;

pid$target:a.out:dt_pt_add:entry
{
	e++;
}

pid$target:a.out:dt_pt_add:return
{
	r++;
	s += arg1;
}

pid$target:a.out:dt_pt_mul:return
{
	printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg1);
}

END
{
	printf("entry %d return %d sum %d\n", e, r, s);
}
