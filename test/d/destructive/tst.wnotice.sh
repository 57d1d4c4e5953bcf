# With -w (or the option destructive), dtrace says on stderr, once
# tracing starts, "allowing destructive actions", as DTrace does; not
# with -q (or the quiet option), nor without -w.
$DTRACE -w -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
echo "rc=$?"
printf '#pragma D option destructive\nBEGIN { exit(0); }\n' > $TMPDIR/w.d
$DTRACE -s $TMPDIR/w.d 2>&1 >/dev/null | sed "s|$TMPDIR/||"
$DTRACE -qw -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
printf '#pragma D option quiet\nBEGIN { exit(0); }\n' > $TMPDIR/q.d
$DTRACE -w -s $TMPDIR/q.d 2>&1 >/dev/null
$DTRACE -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
