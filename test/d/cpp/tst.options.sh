# The preprocessor's options: -C for -n programs, with macro arguments;
# the options a #pragma sets act on the next scripts (cpp, define and
# incdir); an interpreter line is blanked, not a directive.
exec 2>&1
$DTRACE -q -C -D 'MSG="from -D"' -n 'BEGIN { printf("%s %s\n", MSG, $$1); exit(0); }' arg
echo "rc=$?"
$DTRACE -s pragma.d.in -s later.d.in word
echo "rc=$?"
# without pragma.d.in, later.d.in has no preprocessor
$DTRACE -s later.d.in word
echo "rc=$?"
$DTRACE -x cpp -D FROM_PRAGMA=1 -I inc -s later.d.in word
echo "rc=$?"
