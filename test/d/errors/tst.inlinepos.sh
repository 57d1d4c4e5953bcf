# An error in an expression that an inline of the D library brings in
# (curpsinfo is xlate <psinfo_t *> (curthread), written in procfs.d)
# points at the inline's use in the program, with its line and caret
# (shown on a terminal).
$ONTTY $DTRACE -qn 'BEGIN { x = curpsinfo + 1; }' 2>&1
echo "exit $?"
