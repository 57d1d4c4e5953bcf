# The preprocessor's options: -C for -n programs, with macro arguments;
# the options a #pragma sets act on the next scripts (cpp, define and
# incdir); an interpreter line is blanked, not a directive.
exec 2>&1
$DTRACE -q -C -D 'MSG="from -D"' -n 'BEGIN { printf("%s %s\n", MSG, $$1); exit(0); }' arg
echo "rc=$?"
# pragma.d.in does not use $1: argref, since each program is checked
$DTRACE -x argref -s pragma.d.in -s later.d.in word
echo "rc=$?"
# without pragma.d.in, later.d.in has no preprocessor
$DTRACE -s later.d.in word
echo "rc=$?"
$DTRACE -x cpp -D FROM_PRAGMA=1 -I inc -s later.d.in word
echo "rc=$?"
# -X: ISO C99 by default and with a, c or t; K&R C (-traditional-cpp)
# with s; anything else refused
printf '#if __STDC_VERSION__ == 199901L\nBEGIN { printf("c99\\n"); exit(0); }\n#else\nBEGIN { printf("not c99\\n"); exit(0); }\n#endif\n' > $TMPDIR/stdc.d
for x in "" a c t s; do
	$DTRACE -q -C ${x:+-X $x} -s $TMPDIR/stdc.d
done
$DTRACE -X q -n BEGIN
echo "rc=$?"
