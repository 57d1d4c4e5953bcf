# A frame count above the option maxframes (default 127, the kernel's
# perf_event_max_stack) is no error: the frames beyond it are silently
# not taken, as DTrace reduces them.  A system call's kernel stack has
# at least 3 frames (its entry, do_syscall_64, the tracepoint's caller),
# and cat's user stack at openat at least 2.  maxframes itself, as
# stackframes and ustackframes, is at most the kernel's 127: more is an
# invalid value, as in DTrace.
prog='syscall::openat:entry /pid == $target/ { stack(1000); exit(0); }'
$DTRACE -q -n "$prog" -c "cat /dev/null" | awk 'NF { n++ } END { print (n >= 3 && n <= 127) ? "some frames" : "wrong: " n }'
$DTRACE -q -x maxframes=2 -n "$prog" -c "cat /dev/null" | awk 'NF { n++ } END { print n }'
$DTRACE -q -x maxframes=2 -n 'syscall::openat:entry /pid == $target/ {
	ustack(500, 1000); exit(0); }' -c "cat /dev/null" | awk 'NF { n++ } END { print n }'
for o in maxframes stackframes ustackframes; do
	$DTRACE -x $o=127 -qn 'BEGIN { exit(0); }' >/dev/null; echo "$o=127 rc=$?"
	$DTRACE -x $o=128 -qn 'BEGIN { exit(0); }' 2>&1 >/dev/null; echo "$o=128 rc=$?"
done
