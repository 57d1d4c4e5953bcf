# The messages DTrace gives for pragmas and for a file's last probe
# description without a predicate or actions (its first line only: our
# source line and caret follow it).  #pragma D option with two words is
# "superfluous arguments"; #pragma error prints its words each followed
# by a space; pspec makes "int*x" a probe description.
cd $TMPDIR
msg() {
	printf '%s\n' "$1" > p.d
	$DTRACE -xerrtags -s p.d 2>&1 | head -1
}
msg '#pragma D option quiet destructive'
msg '#pragma D option'
msg '#pragma D error "this is" an  error'
msg '#pragma D attributes Stable/Stable/Common'
msg '#pragma D attributes Nonsense/Stable/Common x'
msg '#pragma D depends_on provider nonesuch'
msg '#pragma D binding "1.0"'
printf '#pragma D binding "1.0" nothing\nBEGIN { exit(0); }\n' > p.d
$DTRACE -xerrtags -s p.d 2>&1 | head -1
msg 'syscall::read:entry'
msg 'int*x'
printf '#pragma D option pspec\n\nint*x\n' > p.d
$DTRACE -xerrtags -s p.d 2>&1 | head -1
# -n is no file: a description alone is a whole program there
$DTRACE -qn 'BEGIN' -n 'BEGIN { exit(0); }' >/dev/null && echo ok
