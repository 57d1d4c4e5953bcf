# -L DIR: the .d files of DIR (option libdir) are compiled into the
# session before its first program, in name order but after the files
# they name with "#pragma D depends_on library": here b.d uses a.d's
# inline and zz.d's type, and both come first.  Several -L add up.
# Errors name the file: a syntax error at its line and column, a probe
# clause (a library declares), a dependency on a file no libdir holds, a
# cycle of dependencies, a directory that cannot be read.
lib=$TMPDIR/lib
mkdir -p $lib $TMPDIR/lib2
printf '#pragma D depends_on library zz.d\n#pragma D depends_on library a.d\ninline int TWICE = ANSWER * 2;\ninline int PAIRSZ = sizeof (pair_t);\n' >$lib/b.d
printf 'inline int ANSWER = 21;\n' >$lib/a.d
printf 'typedef struct pair { int p_a; int p_b; } pair_t;\n' >$lib/zz.d
printf 'inline string WHERE = "lib2";\n' >$TMPDIR/lib2/w.d
$DTRACE -L $lib -L $TMPDIR/lib2 -q -n 'BEGIN { printf("%d %d %s\n", TWICE, PAIRSZ, WHERE); exit(0); }'
echo "rc=$?"
fail() { # what dtrace says, TMPDIR masked
	$DTRACE -L $lib -q -n 'BEGIN { exit(0); }' 2>&1 | head -2 |
	    sed "s|$TMPDIR|TMP|g; s/^ *//" | tr '\n' ' '
}
printf 'inline int BAD = ;\n' >$lib/c.d
echo "syntax: $(fail)"
printf 'BEGIN { x = 1; }\n' >$lib/c.d
echo "clause: $(fail)"
printf '#pragma D depends_on library nosuch.d\n' >$lib/c.d
echo "missing: $(fail)"
printf '#pragma D depends_on library d.d\n' >$lib/c.d
printf '#pragma D depends_on library c.d\n' >$lib/d.d
echo "cycle: $(fail)"
rm -f $lib/c.d $lib/d.d
$DTRACE -L $TMPDIR/nosuch -n 'BEGIN { exit(0); }' 2>&1 | sed "s|$TMPDIR|TMP|g"
echo "rc=${PIPESTATUS[0]}"
