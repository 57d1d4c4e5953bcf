# A binary the session knows stays armed while it exists unchanged: a
# copy of usdttarget is discovered (a loop process, then killed); 2 s
# after its last process exited, three processes of it started one after
# another, 2 s apart, each fire dt_usdt:tick 20 times at once, the first
# thing they do, and exit: all 60 firings are counted, each process's
# first one (arg0 0) included.  Meanwhile the session holds the file's
# link (uprobe_multi, no process filter) and the descriptor it was read
# through.  The file written in place (another size and time, same
# inode) is released: its link and descriptor closed within 3 s; its
# next process is new to discovery and traced once discovered.  Deleted,
# it is released too.  With -x usdtidle=1, of two binaries whose
# processes exited, only the one used last stays armed.
name=ra_$$
bin=$TMPDIR/$name
cp "$BUILD_DIR/testprog/usdttarget" "$bin"
out=$TMPDIR/ra.out
$DTRACE -Z -q -x switchrate=10hz -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::tick /execname == "'$name'"/ { @all = count(); }
dt_usdt*:::tick /execname == "'$name'" && arg0 == 0/ { @first = count(); }
dt_usdt*:::tick-now /execname == "'$name'"/ { @loop = count(); }
END { printa("all %@d\n", @all); printa("first %@d\n", @first);
    printa("loop %@d\n", @loop); }' >"$out" 2>"$TMPDIR/ra.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
held() { # the session's links on $1, and descriptors open on it
	local l=0 f=0 x
	for x in /proc/$2/fdinfo/*; do
		grep -qx "link_type:	uprobe_multi" "$x" 2>/dev/null &&
		    grep -q "^path:	$1" "$x" 2>/dev/null && l=$((l + 1))
	done
	f=$(ls -l /proc/$2/fd 2>/dev/null | grep -c " -> $1")
	echo "links $([ $l -gt 0 ] && echo yes || echo no)," \
	    "descriptor $([ $f -gt 0 ] && echo yes || echo no)"
}
released() { # $1 released by session $2 within 3 s: its state then
	local i
	for i in $(seq 30); do
		[ "$(held "$1" $2)" = "links no, descriptor no" ] && break
		sleep 0.1
	done
	held "$1" $2
}
loop() { # a loop process of $1, discovered, then killed
	"$1" loop >/dev/null &
	local p=$!
	sleep 0.5
	kill $p
	wait $p 2>/dev/null
}
loop "$bin"
sleep 2
echo "idle 2 s: $(held "$bin" $dt)"
for i in 1 2 3; do
	"$bin" burst 20 >/dev/null
	sleep 2
done
echo "after bursts: $(held "$bin" $dt)"
# written in place: same inode, another size and modification time
cat "$BUILD_DIR/testprog/usdttarget" /dev/null >"$bin.new"
printf 'x' >>"$bin.new"
cat "$bin.new" >"$bin"
echo "written in place: $(released "$bin" $dt)"
loop "$bin"
echo "discovered again: $(held "$bin" $dt)"
rm -f "$bin"
echo "deleted: $(released "$bin" $dt)"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
grep -E '^(all|first) ' "$out"
n=$(awk '/^loop/ { print $2 }' "$out")
echo "loop firings counted: $([ "${n:-0}" -gt 0 ] && echo yes || echo no)"

# usdtidle=1: the binary used last stays armed, the other is released
a=$TMPDIR/${name}a
b=$TMPDIR/${name}b
cp "$BUILD_DIR/testprog/usdttarget" "$a"
cp "$BUILD_DIR/testprog/usdttarget" "$b"
out=$TMPDIR/ra2.out
$DTRACE -Z -q -x switchrate=10hz -x usdtidle=1 -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::tick-now /execname == "'$name'a"/ { @a = count(); }' \
    >"$out" 2>"$TMPDIR/ra2.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
loop "$a"
sleep 0.5
echo "usdtidle=1, a idle: $(held "$a" $dt)"
loop "$b"
echo "usdtidle=1, b idle after a: a $(released "$a" $dt); b $(held "$b" $dt)"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
