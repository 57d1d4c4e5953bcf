/* @args: -q -c "$BUILD_DIR/testprog/usdttarget 500" */
/*
 * Exact counts: every site fires once per iteration, the is-enabled probe
 * guarded too (its semaphore is set while it is traced); the description
 * with a glob provider serves the -c process.
 */
dt_usdt*:::zero,
dt_usdt*:::one,
dt_usdt*:::two,
dt_usdt*:::three,
dt_usdt*:::konst,
dt_usdt*:::guarded
{
	@[probename] = count();
}
