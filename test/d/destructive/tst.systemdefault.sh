# system() without -q: the command's output follows the probe's line
# prefix, as printf() output does; with -o it goes to the output file.
$DTRACE -w -n 'BEGIN { system("echo %s", "hello"); exit(0); }'
echo "dtrace exit $?"
$DTRACE -qw -o "$TMPDIR/system.o" -n 'BEGIN { printf("one\n");
    system("echo two"); printf("three\n"); exit(0); }'
echo "dtrace exit $?"
cat "$TMPDIR/system.o"
rm -f "$TMPDIR/system.o"
