# With no dtprobed, the session holds a new process at its exec until it
# has armed the probes of the file (probes/dt_hold.c): the first process
# of a binary never seen, which fires at once and exits before discovery
# could read it, is traced from its first firing.  Fresh copies of
# usdttarget (a new file each) fire dt_usdt:tick 5 times and exit: 20 one
# after another, then 20 at once, every firing counted; with usdthold=0
# (no hold) they are missed.  A file without probes gets an ignore mark
# in the holder's group (its fdinfo), one with probes does not.  The
# holder bounds every hold itself: with the session stopped, an exec
# waits the budget, not for ever; with the session killed while an exec
# is held, the exec goes at once, and the holder is gone.  A -c command's
# children are held too (5 fresh copies, 25 firings).  The registry
# named is a directory that does not exist: no daemon is used.
. ../fresh.sh
noreg=$TMPDIR/sh.noreg
# no exec (date): a first exec waits while the session is stopped
ms() { local t=${EPOCHREALTIME/./}; echo $((10#$t / 1000)); }
session() { # $1: name, then options; its pid in $dt, its holder's in $ho
	local name=$1
	shift
	$DTRACE -Z -q -x registry="$noreg" "$@" -n 'BEGIN { printf("ready\n"); }
	dt_usdt*:::tick /substr(execname, 0, 5) == "shold"/ { @ = count(); }
	END { printa("%@d\n", @); }' >"$TMPDIR/$name.out" 2>>"$TMPDIR/sh.err" &
	dt=$!
	for _ in $(seq 200); do
		grep -q ready "$TMPDIR/$name.out" && break
		sleep 0.05
	done
	ho=$(pgrep -P "$dt" -x dtrace-hold || true)
}
stop() { # $1: name
	kill -INT "$dt"
	wait "$dt"
	local c=$(grep -v '^ready$' "$TMPDIR/$1.out" | grep .)
	echo "$1: ${c:-0} firings"
}
marks() { # ignore marks of the holder's group on the inode of $1
	local ino=$(printf '%x' "$(stat -c %i "$1")") fd
	for fd in /proc/"$ho"/fdinfo/*; do
		grep "^fanotify ino:$ino .*ignored_mask:" "$fd" 2>/dev/null
	done | wc -l
}

# a generous budget: a loaded machine must not let a process go unarmed
session a -x usdthold=5000
echo "a has a holder: $([ -n "$ho" ] && echo yes || echo no)"
for _ in $(seq 20); do fresh shold; "$f" burst 5 >/dev/null; done
pids=()
for _ in $(seq 20); do fresh shold; "$f" burst 5 >/dev/null & pids+=($!); done
wait "${pids[@]}"
# a program without probes: an ignore mark once it ran; usdttarget none
cp /bin/true "$TMPDIR/shtrue"
"$TMPDIR/shtrue"
sleep 0.2
"$TMPDIR/shtrue"
echo "ignore marks: a file without probes $(marks "$TMPDIR/shtrue"), one" \
    "with probes $(marks "$f")"
sleep 0.5
stop a
echo "a's holder gone: $(kill -0 "$ho" 2>/dev/null && echo no || echo yes)"

# no hold: the same fresh copies lose firings (the control: on an idle
# machine discovery still catches some of each burst, 30 of 50 once)
session b -x usdthold=0
echo "b has a holder: $([ -n "$ho" ] && echo yes || echo no)"
for _ in $(seq 10); do fresh shold; "$f" burst 5 >/dev/null; done
sleep 0.5
kill -INT "$dt"
wait "$dt"
c=$(grep -v '^ready$' "$TMPDIR/b.out" | grep . || echo 0)
echo "b, usdthold=0: some of 50 missed: $([ "$c" -lt 50 ] && echo yes ||
    echo "no, $c")"

# the session stopped: an exec is held the budget (1 s), not for ever;
# ^Z's signal to the holder does not stop it.  (The programs the test
# runs meanwhile are run once before, while the session answers: they
# have their ignore marks then, and are not held.)
session c -x usdthold=1000
fresh shold
sleep 0.1
kill -TSTP "$ho"
kill -STOP "$dt"
t=$(ms)
"$f" burst 5 >/dev/null
t=$(($(ms) - t))
echo "c stopped: held to the budget: $([ $t -ge 900 ] && [ $t -lt 4000 ] &&
    echo yes || echo "no, $t ms")"
kill -CONT "$dt"
fresh shold
"$f" burst 5 >/dev/null
sleep 0.5
stop c

# the session killed while an exec is held (budget 8 s): the exec goes
session d -x usdthold=8000
fresh shold
sleep 0.1
kill -STOP "$dt"
t=$(ms)
"$f" burst 5 >/dev/null &
p=$!
sleep 0.5
{ kill -9 "$dt"; wait "$dt"; } 2>/dev/null
wait "$p"
t=$(($(ms) - t))
echo "d killed: the exec held went on at once: $([ $t -lt 4000 ] &&
    echo yes || echo "no, $t ms")"
for _ in $(seq 100); do kill -0 "$ho" 2>/dev/null || break; sleep 0.05; done
echo "d's holder gone: $(kill -0 "$ho" 2>/dev/null && echo no || echo yes)"
# a -c command's children are held as any process: the session does not
# wait for them (only system()'s are let go at once)
cat >"$TMPDIR/shrun.sh" <<EOF
for i in 1 2 3 4 5; do
	mkdir "$TMPDIR/shc\$i"
	cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/shc\$i/sholdc\$i"
	"$TMPDIR/shc\$i/sholdc\$i" burst 5 >/dev/null
done
EOF
$DTRACE -Z -q -x registry="$noreg" -x usdthold=5000 -n '
dt_usdt*:::tick /substr(execname, 0, 5) == "shold"/ { @ = count(); }
END { printa("%@d\n", @); }' -c "bash $TMPDIR/shrun.sh" >"$TMPDIR/e.out" \
    2>>"$TMPDIR/sh.err"
echo "e, a -c command's children: $(grep . "$TMPDIR/e.out" || echo 0) firings"
grep -v "skipped\|truncated USDT note\|more warnings" "$TMPDIR/sh.err" >&2 ||
    true
fresh_clean
rm -rf "$TMPDIR"/shc[0-9]*
