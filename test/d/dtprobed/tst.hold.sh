# dtprobed holds a new process at its exec until the sessions that want
# its probes have armed them (dtprobed/dt_pd_hold.c): the first process
# of a binary never seen, which fires at once and exits before any
# discovery could read it, is traced from its first firing.  A session
# says what it wants and which known list it has armed in its file
# session.PID; the file goes when the session ends.  Fresh copies (a new
# file each) run one after another and 20 at once: every firing is
# counted, in each of two sessions.  A session that wants other
# providers is not waited for; a session killed (its file left behind)
# holds an exec only until the budget ends, and is then forgotten.
. ./lib.sh
reg=$TMPDIR/hold.reg	# its own: other tests do not read its known list
log=$TMPDIR/pd.log
. ../fresh.sh
session() { # $1: name, $2: provider field; its pid in $dt
	$DTRACE -Z -q -x registry="$reg" -n 'BEGIN { printf("ready\n"); }
	'$2':::tick /substr(execname, 0, 6) == "pdhold"/ { @ = count(); }
	END { printa("%@d\n", @); }' >"$TMPDIR/$1.out" 2>>"$TMPDIR/dt.err" &
	dt=$!
	pd_extra+=($dt)
	pd_wait "grep -q ready $TMPDIR/$1.out" || echo "$1 did not start"
	pd_wait "[ -f $reg/session.$dt ]" || echo "$1: no session file"
}
stop() { # $1: pid, $2: name
	kill -INT $1
	wait $1
	local c=$(grep -v '^ready$' "$TMPDIR/$2.out" | grep .)
	echo "$2: ${c:-0} firings," \
	    "session file left: $(ls $reg | grep -c "^session\.$1\$")"
}
ms() { echo $(($(date +%s%N) / 1000000)); }
# a generous budget: a loaded machine must not let a process go unarmed
pd_start "$reg" "$log" -H 5000 || exit 1
session a 'dt_usdt*'
a=$dt
echo "a's file: $(sed 1d $reg/session.$a | sed 's/^ack [0-9]*$/ack N/' |
    tr '\n' ' ')"
for i in $(seq 20); do fresh pdhold; "$f" burst 5 >/dev/null; done
pids=()
for i in $(seq 20); do fresh pdhold; "$f" burst 5 >/dev/null & pids+=($!); done
wait "${pids[@]}"
session b 'dt_usdt*'
b=$dt
for i in $(seq 10); do fresh pdhold; "$f" burst 5 >/dev/null; done
sleep 0.5
stop $a a
stop $b b
# a session wanting other providers: not waited for
session c 'dt_other*'
c=$dt
fresh pdhold
t=$(ms)
"$f" burst 5 >/dev/null
t=$(($(ms) - t))
echo "c, other providers: held under 4 s: $([ $t -lt 4000 ] && echo yes || echo "no, $t ms")"
stop $c c
# a session killed: its file stays, and the next exec it would want is
# held until the budget ends; then it is forgotten (a daemon with a
# budget of 1 s: every exec of a file with these probes waits meanwhile)
kill $pd_pid
wait $pd_pid 2>/dev/null
pd_start "$reg" "$log" -H 1000 || exit 1
session d 'dt_usdt*'
d=$dt
kill -9 $d
wait $d 2>/dev/null
echo "d killed: its file left: $(ls $reg | grep -c "^session\.$d\$")"
fresh pdhold
t=$(ms)
"$f" burst 5 >/dev/null
t=$(($(ms) - t))
echo "first exec after: held to the budget (1 s): $([ $t -ge 950 ] && echo yes || echo "no, $t ms")"
echo "d's file after that: $(ls $reg | grep -c "^session\.$d\$")"
pd_wait "grep -q 'no session: new processes are not held' $log" &&
    echo "the daemon holds no more"
fresh pdhold
t=$(ms)
"$f" burst 5 >/dev/null
t=$(($(ms) - t))
echo "no session: held under 4 s: $([ $t -lt 4000 ] && echo yes || echo "no, $t ms")"
grep -v "skipped\|truncated USDT note" "$TMPDIR/dt.err" >&2 || true
fresh_clean
rm -rf "$reg"
