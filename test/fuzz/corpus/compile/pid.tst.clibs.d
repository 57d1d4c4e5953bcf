/* @args: -q -c "$BUILD_DIR/testprog/pidtarget 2" */
/*
 * A -c process is held before exec(), yet its libraries are known (from
 * its dynamic loader's list): exit() in libc, named as "libc", runs once
 * with the status main returned; the loader (ld-linux-x86-64.so.2) runs
 * too.
 */
pid$target:libc:exit:entry
{
	printf("%s(%d) in %s\n", probefunc, arg0, probemod);
}

pid$target:ld-linux*::entry
{
	ld++;
}

END
{
	printf("loader functions ran: %s\n", ld > 0 ? "yes" : "no");
}
