# A format error of printa() is named printa( ) in its message, as DTrace
# names the action whose format it is; a size prefix that goes with no
# conversion of DTrace's is "undefined", the whole name quoted.
cd $TMPDIR
$DTRACE -xerrtags -qn 'BEGIN { @a = count(); printa("%s %@d\n", @a); }' 2>&1 | head -1
$DTRACE -xerrtags -qn 'BEGIN { @a[1] = count(); printa("%s %@d\n", @a); }' 2>&1 | head -1
$DTRACE -w -xerrtags -qn 'BEGIN { system("%d %d", 1); }' 2>&1 | head -1
$DTRACE -xerrtags -qn 'BEGIN { printf("%d %Ld", 1, 2); }' 2>&1 | head -1
