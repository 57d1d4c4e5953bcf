# A traced process behaves exactly as it does untraced: the same output
# and the same exit status, run after run.  Every libc function's entry
# (about 3,000 functions, a breakpoint on each), or entry and return (a
# uretprobe on each, which replaces the return address), is traced in
# a shell script run with -c (dash goes through _setjmp for each command:
# the setjmp family has no return probe, whose second return would kill
# it) and in ./date run from /bin (a relative -c command, as found by
# execvp()), 20 times each, while another process keeps a CPU busy.
# The exit status is read at proc:::exit (the group's exit code).
# Nothing of dtrace's own forked child runs under the probes: the first
# libc function that fires for /bin/true (stripped, so held at its entry
# point: no main() to hold it at) is its __libc_start_main.
s=$TMPDIR/dt-untr.sh
cat >$s <<'SH'
exec >"$1"
printf '%s %d %5.2f %x\n' abc 42 3.14159 255
x=$(echo hello | tr a-z A-Z)
echo "$x" ${#x}
for i in 1 2 3; do printf '%03d ' $i; done; echo
case $x in H*) echo matched ;; esac
exit 3
SH
sh $s $TMPDIR/dt-untr.want
echo "untraced status $?"
want=$(cd /bin && ./date -u -d @86400 '+%A %d %B %Y %T')
echo "untraced date: $want"
yes >/dev/null &
load=$!
both='pid$target:libc.so.6::entry, pid$target:libc.so.6::return'
bad=0
for i in $(seq 20); do
	if [ $((i % 2)) = 0 ]; then p=$both; else p='pid$target:libc.so.6::entry'; fi
	st=$($DTRACE -q -n "$p"' { @ = count(); }
	    proc:::exit /pid == $target/ {
		printf("%d\n", curthread->signal->group_exit_code >> 8);
	    }
	    END { printa("%@d calls\n", @); }' -c "/bin/sh $s $TMPDIR/dt-untr.got" 2>&1)
	case $st in
	"3"*" calls") ;;
	*) echo "run $i: status or calls: $st"; bad=1 ;;
	esac
	cmp -s $TMPDIR/dt-untr.want $TMPDIR/dt-untr.got ||
	    { echo "run $i: output differs"; diff $TMPDIR/dt-untr.want $TMPDIR/dt-untr.got; bad=1; }
	got=$(cd /bin && $DTRACE -q -n "$p"' { @ = count(); }' \
	    -c "./date -u -d @86400 +%A_%d_%B_%Y_%T" 2>&1 | grep -v -E '^ *[0-9]*$')
	[ "$got" = "$(tr ' ' _ <<<"$want")" ] ||
	    { echo "run $i: date printed: $got"; bad=1; }
done
kill $load
wait $load 2>/dev/null
echo "20 traced runs like the untraced one: $([ $bad = 0 ] && echo yes || echo no)"
cat $TMPDIR/dt-untr.got
# the first libc function under $target is the command's
$DTRACE -q -n 'pid$target:libc.so.6::entry /n++ == 0/ { printf("first: %s\n", strstr(probefunc, "libc_start_main") != NULL ? "__libc_start_main" : probefunc); }' -c /bin/true
rm -f $s $TMPDIR/dt-untr.want $TMPDIR/dt-untr.got
