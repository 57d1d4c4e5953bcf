# Records that fit the principal buffer one by one but not all together:
# DTrace runs the program and reports the records it loses as principal
# drops.  16 clauses of BEGIN each record two strings of strsize 2k (4 KB
# and a little) into a 64 KB buffer that nothing drains while BEGIN runs:
# 15 fit, the 16th is a drop, and the last clause's small record fits.
prog='#pragma D option strsize=2k
#pragma D option bufsize=64k
'
for i in $(seq 0 15); do
	prog="$prog
BEGIN { printf(\"%s %s\\n\", \"$((2 * i))\", \"$((2 * i + 1))\"); }"
done
prog="$prog
BEGIN { printf(\"end\\n\"); exit(0); }"
echo "$prog" >$TMPDIR/principal.d
$DTRACE -q -x droptags -s $TMPDIR/principal.d 2>$TMPDIR/principal.err
echo "rc=$?"
sed 's/on CPU [0-9]*/on CPU n/' $TMPDIR/principal.err
# A clause whose one record is larger than the buffer is refused when
# tracing would start (DTrace for Linux checks each clause's record
# against bufsize), END's too
$DTRACE -q -x strsize=1024 -x bufsize=512 -n 'BEGIN { exit(0); }
    END { trace("Harding"); trace("Hoover"); trace("Nixon"); trace("Bush"); }' 2>&1
echo "rc=$?"
