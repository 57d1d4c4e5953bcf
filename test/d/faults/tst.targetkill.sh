# The traced process (-c, then -p) is killed mid-trace with SIGKILL: the
# session ends by itself, END runs, the aggregations collected so far are
# printed, dtrace says how the process ended (as DTrace does: a -c child
# "terminated by SIGKILL", a grabbed process "has exited", its status
# being its parent's to know), exits 0 and leaves nothing in the kernel.
. ./common.sh
prog='syscall::getppid:entry /pid == $target/ { @calls["getppid"] = count(); }
END { printf("END ran\n"); }'
# the target: 100 getppid() calls, then waits to be killed; with an
# argument, one call every 10 ms until killed
cat >$TMPDIR/tk-getppid.c <<'C'
#include <unistd.h>
int main(int argc, char **argv)
{
	(void) argv;
	for (int i = 0; i < 100 || argc > 1; i++) {
		(void) getppid();
		if (argc > 1)
			usleep(10000);
	}
	pause();
	return 0;
}
C
cc -O0 -o $TMPDIR/tk-getppid $TMPDIR/tk-getppid.c || exit 1

for how in c p; do
	if [ $how = c ]; then
		$DTRACE -n "$prog" -c $TMPDIR/tk-getppid >$TMPDIR/tk.out 2>$TMPDIR/tk.err &
		dt=$!
		wait_objs $dt 2 || echo "-$how: tracing did not start"
		victim=$(child_of $dt)
	else
		$TMPDIR/tk-getppid loop &
		victim=$!
		disown $victim	# no "Killed" notice from the shell
		$DTRACE -n "$prog" -p $victim >$TMPDIR/tk.out 2>$TMPDIR/tk.err &
		dt=$!
		wait_objs $dt 2 || echo "-$how: tracing did not start"
	fi
	objs=$(held_objs $dt)
	sleep 0.5
	kill -KILL $victim
	start=$(date +%s%N)
	wait $dt
	rc=$?
	ms=$(( ($(date +%s%N) - start) / 1000000 ))
	[ $how = c ] && wait $victim 2>/dev/null
	echo "-$how: exit $rc"
	[ $ms -lt 3000 ] && echo "-$how: ended when the process died"
	grep -q '^ *[0-9]* *[0-9]* *:END END ran$' $TMPDIR/tk.out && echo "-$how: END ran"
	# -c traces every call; -p those made after the grab, for 0.5 s
	n=$(awk '$1 == "getppid" { print $2 }' $TMPDIR/tk.out)
	if [ $how = c ]; then
		echo "-$how: aggregation: getppid ${n:-missing}"
	elif [ "${n:-0}" -ge 10 ]; then
		echo "-$how: aggregation printed"
	else
		echo "-$how: aggregation: getppid ${n:-missing}"
	fi
	sed -E "s/pid $victim /pid VICTIM /" $TMPDIR/tk.err | grep -v '^dtrace: description'
	objs_gone "$objs" && echo "-$how: nothing left"
done
rm -f $TMPDIR/tk.out $TMPDIR/tk.err $TMPDIR/tk-getppid $TMPDIR/tk-getppid.c
