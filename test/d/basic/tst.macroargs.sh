# Macro arguments: $0 is the script's file name with -s (as given, and as
# the kernel passes a #! script), and for programs on the command line
# the argv[0] dtrace was run with; $1... take the form of their text (an
# integer, hex too; an identifier; $$N always a string); with
# defaultargs an argument not given is 0, or "" as $$N.
cd $TMPDIR
out=$($DTRACE -qn 'BEGIN { printf("%s\n", $$0); exit(0); }')
[ "$out" = "$DTRACE" ] && echo "-n: \$\$0 is the command" || echo "-n: \$\$0 is '$out'"
printf 'BEGIN { printf("%%s\\n", $$0); exit(0); }\n' > zero.d
$DTRACE -qs zero.d
printf '#!%s -qs\nBEGIN { printf("%%s %%d\\n", $$0, $1); exit(0); }\n' "$DTRACE" > zero.sh
chmod +x zero.sh
./zero.sh 7
$DTRACE -qn 'int x; BEGIN { x = 5; printf("%d %d %s [%s] %d\n", $1 + 1, $2, $$3,
    $$4, $5); exit(0); }' 41 0x10 12 'a b' x
$DTRACE -x defaultargs -qn 'BEGIN { printf("%d [%s]\n", $1, $$1); exit(0); }'
