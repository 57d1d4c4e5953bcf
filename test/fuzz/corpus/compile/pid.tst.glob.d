/* @args: -q -c "$BUILD_DIR/testprog/pidtarget 3" */
/*
 * Globs in the module and function fields: dt_pt_* matches dt_pt_add,
 * dt_pt_mul and dt_pt_tick (never called here); pidtar* names the
 * executable by its basename, ret* the return probes.
 */
pid$target:a.out:dt_pt_*:entry
{
	@e[probefunc] = count();
}

pid$target:pidtar*:dt_pt_[am]??:ret*
{
	@r[probefunc] = count();
}

END
{
	printa("entry %s %@d\n", @e);
	printa("return %s %@d\n", @r);
}
