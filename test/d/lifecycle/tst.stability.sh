# -v: each program's stability report, as DTrace prints it (core/
# dt_attr.c): the least attributes of its probe descriptions (the fields
# each names literally; an empty provider field is Unstable) and of its
# statements (curthread's data is Private); with -e, then each probe it
# matches with its attributes and types.  A description is named by its
# text up to its predicate or clause (the first '{', '/' or ';'), as in
# the "matched" banner; the report comes after the banner, once every
# program has compiled.  Option amin refuses a program
# below it (D_ATTR_MIN), and a value that is no attribute triplet.
$DTRACE -ev -n 'syscall::read:entry { trace(curthread); }'
echo "rc=$?"
printf 'dtrace:::BEGIN\n{\n\texit(0);\n}\n' >$TMPDIR/stab.d
$DTRACE -ev -s $TMPDIR/stab.d | sed "s|$TMPDIR|TMP|"
$DTRACE -ev -n ':::BEGIN { trace(timestamp); }' | sed -n '1,12p'
# without -e, an empty line ends the report, before what tracing prints
$DTRACE -q -v -n 'BEGIN { printf("ran\n"); exit(0); }' | tail -3
$DTRACE -v -n 'BEGIN/1/{ exit(0); }' 2>&1 | sed -n '1,3p'
$DTRACE -e -v -n 'BEGIN' -n 'END;' | grep '^Stab'
# a program that does not compile: no report of those before it
$DTRACE -v -n 'BEGIN { exit(0); }' -n 'BEGIN { x = ; }' 2>/dev/null | wc -l
$DTRACE -e -x amin=Evolving/Evolving/Common -n 'syscall::read:entry' 2>&1
echo "rc=$?"
$DTRACE -e -x amin=stable/stable/common -n 'BEGIN { trace(pid); }' 2>&1
echo "rc=$?"
$DTRACE -e -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN { trace(curthread); }' 2>&1
echo "rc=$?"
$DTRACE -e -x amin=Stable/Stable/Common -n 'dtrace:::BEGIN { trace(pid); }' 2>&1
echo "rc=$?"
$DTRACE -e -x amin=Sturdy/Stable/Common -n 'BEGIN' 2>&1
echo "rc=$?"
