# The daemon lists the files it has read that have probes in its file
# "known", whether a process maps them now or not; a -Z session arms,
# at start, those whose providers its descriptions may name: the first
# process of such a binary, started after the session began, that fires
# at once and exits before discovery could read it, is traced from its
# first firing (3 of 3).  Not armed: a file whose providers no
# description names, a file changed since the daemon read it (another
# modification time), a file replaced at its path (another inode): their
# processes are discovered as new.  Restarted, the daemon keeps what
# it knew: the files of its last list that are still the same.
. ./lib.sh
reg=$TMPDIR/reg
log=$TMPDIR/pd.log
out=$TMPDIR/known.out
for f in pdknown pdtouched pdreplaced; do
	cp "$BUILD_DIR/testprog/usdttarget" "$TMPDIR/$f"
done
pd_start "$reg" "$log" || exit 1
for f in pdknown pdtouched pdreplaced; do	# each run once, before
	"$TMPDIR/$f" loop >/dev/null &
	p=$!
	pd_extra+=($p)
	pd_wait "grep -q ' $TMPDIR/$f\$' $reg/known" ||
	    echo "$f: not in the known list"
	kill $p
	wait $p 2>/dev/null
done
echo "known: $(head -1 $reg/known), $(stat -c '%a %U' $reg/known)"
grep " $TMPDIR/pdknown\$" "$reg/known" |
    awk '{ print "a line:", $1, NF, "fields, providers", $7 }'
# changed since: another modification time; replaced: another inode
touch -d '2001-01-01' "$TMPDIR/pdtouched"
cp "$TMPDIR/pdreplaced" "$TMPDIR/pdreplaced.new"
mv "$TMPDIR/pdreplaced.new" "$TMPDIR/pdreplaced"
session() { # $1: the description's module; the links armed at start
	$DTRACE -Z -q -x registry="$reg" -n 'BEGIN { printf("ready\n"); }
	dt_usdt*:'$1'::tick { @[probemod, pid] = count(); }
	END { printa("%s %d %@d\n", @); }' >"$out" 2>"$TMPDIR/known.err" &
	dt=$!
	pd_extra+=($dt)
	pd_wait "grep -q ready $out" || echo "the session did not start"
}
stop() {
	kill -INT $dt
	wait $dt
	echo "dtrace exit $?"
}
session pdknown
echo "pdknown: $(pd_links $dt) link armed at start"
"$TMPDIR/pdknown" burst 3 >/dev/null &
p=$!
wait $p
sleep 0.3
stop
echo "firings: $(sed "s/ $p / PID /" "$out" | grep -v '^ready$' | grep .)"
for f in pdtouched pdreplaced pdnone; do
	session $f
	echo "$f: $(pd_links $dt) links armed at start"
	stop
done
# A daemon started again reads the files of the list its predecessor
# wrote, those still the same: the list keeps pdknown (a session arms it
# at start again), not the files changed or replaced since.
kill $pd_pid
wait $pd_pid 2>/dev/null
pd_start "$reg" "$log" || exit 1
pd_wait "grep -q ' $TMPDIR/pdknown\$' $reg/known"
for f in pdknown pdtouched pdreplaced; do
	echo "after a restart: $f listed: $(grep -c " $TMPDIR/$f\$" $reg/known)"
done
session pdknown
echo "pdknown: $(pd_links $dt) link armed at start, after a restart"
stop
cat "$TMPDIR/known.err" >&2
