# With -C, a program sees the macros DTrace predefines: __linux, __unix,
# __SVR4, __amd64 (x86-64), __Linux ("__" and uname -s), __SUNW_D (1),
# __SUNW_D_64, __SUNW_D_VERSION (2.0: 0x2000000); not GCC's __GNUC__,
# which a -D may still define.
cat > $TMPDIR/predef.d <<'D'
BEGIN
{
#if defined(__linux) && defined(__unix) && defined(__SVR4)
	printf("system macros\n");
#endif
#if defined(__amd64) && defined(__Linux) && !defined(__sun)
	printf("machine and uname macros\n");
#endif
#ifdef __GNUC__
	printf("__GNUC__ %d\n", __GNUC__);
#else
	printf("no __GNUC__\n");
#endif
	printf("__SUNW_D %d, version %x\n", __SUNW_D, __SUNW_D_VERSION);
#ifdef __SUNW_D_64
	printf("__SUNW_D_64\n");
#endif
	exit(0);
}
D
$DTRACE -qC -s $TMPDIR/predef.d
$DTRACE -qC -D__GNUC__=7 -s $TMPDIR/predef.d | grep GNUC
$DTRACE -qC -U__linux -s $TMPDIR/predef.d | grep -c "system macros"
rm -f $TMPDIR/predef.d
