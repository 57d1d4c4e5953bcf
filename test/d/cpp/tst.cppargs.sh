# cppargs: more arguments for the preprocessor, split at white space, after
# the -D, -U and -I given before it; only white space is an invalid value.
exec 2>&1
printf 'BEGIN\n{\n#ifdef X\n\tprintf("%%d\\n", X + Y);\n#else\n\tprintf("no X\\n");\n#endif\n\texit(0);\n}\n' > $TMPDIR/xy.d
$DTRACE -q -C -x cppargs='-DX=1   -DY=41' -s $TMPDIR/xy.d; echo "rc=$?"
# later than -D: its -U wins
$DTRACE -q -C -D X=5 -D Y=6 -x cppargs=-UX -s $TMPDIR/xy.d; echo "rc=$?"
# -H among them lists the headers on standard error, as -H does
$DTRACE -x cpp -x cppargs=-H -s tst.include.d 2>&1 >/dev/null; echo "rc=$?"
# -dM makes the preprocessor give #define lines, which D refuses
$DTRACE -x cppargs='-H -dM' -C -n 'BEGIN { exit(0); }' 2>&1 |
    grep -c 'invalid control directive: #define'
$DTRACE -x cppargs=' ' -n BEGIN; echo "rc=$?"
