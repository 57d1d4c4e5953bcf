# A grabbed process (-p) that executes another program is followed: a
# shell, waiting on a fifo when dtrace grabs it, then executes pidtarget
# loop, whose dt_pt_tick (every 20 ms) a -Z description names; the new
# program's loader reports its modules and they are attached while it
# runs (not held: its parent could see it stopped), so most of its ticks
# in one second are counted, under its own execname.  The session ends
# when the process is killed.
fifo=$TMPDIR/ge.fifo
mkfifo $fifo
sh -c "read x <$fifo; exec $BUILD_DIR/testprog/pidtarget loop >/dev/null" &
sh=$!
out=$TMPDIR/ge.out
$DTRACE -Z -q -p $sh -n 'BEGIN { printf("ready\n"); }
pid$target:a.out:dt_pt_tick:entry { @[execname] = count(); }
END { printa("%s %@d\n", @); }' >$out 2>$TMPDIR/ge.err &
dt=$!
for i in $(seq 100); do grep -q ready $out && break; sleep 0.05; done
echo go >$fifo
sleep 1
kill $sh
wait $dt
echo "dtrace exit $?"
awk '$1 == "pidtarget" { print "pidtarget ticks counted, at least 25:", ($2 >= 25 ? "yes" : $2) }
$1 != "pidtarget" && $1 != "ready" && NF > 0 { print "other:", $0 }' $out
sed "s/[0-9][0-9]*/N/g" $TMPDIR/ge.err
