# Above fbtmaxtramp enabled probes, fbt puts them all on kprobes (one
# program per clause list) instead of an fentry program each.
# fbt::vfs_*:entry matches more than 10 probes (how many: the kernel's
# vfs_ functions that ftrace can trace); with fbtmaxtramp=10 they are on
# one kprobe program, which bpftool sees while the child runs; the child
# (execname opener) opens /etc/hostname 7 times: vfs_open 7 times (and
# its static glibc reads the link /proc/self/exe once at start).
# (dtrace -c splits its command at blanks: the child is a script)
printf 'bpftool prog show >%s/progs\nexec %s/testprog/opener /etc/hostname "$1"\n' \
    "$TMPDIR" "$BUILD_DIR" >"$TMPDIR/child"
n=$($DTRACE -l -n 'fbt::vfs_*:entry' | tail -n +2 | wc -l)
[ "$n" -gt 10 ] && echo "more than 10 vfs_ probes" || echo "only $n vfs_ probes"
$DTRACE -x fbtmaxtramp=10 -q -c "sh $TMPDIR/child 7" -n '
fbt::vfs_*:entry /pid == $target && execname == "opener"/ { @[probefunc] = count(); }
END { printa("%s %@d\n", @); }'
echo "kprobe programs $(grep -c 'kprobe .*name dt_fbt' "$TMPDIR/progs")"
echo "fentry programs $(grep -c 'tracing .*name dt_fbt' "$TMPDIR/progs")"
# at or under the threshold: an fentry program each
$DTRACE -x fbtmaxtramp=2 -q -c "sh $TMPDIR/child 3" -n '
fbt::vfs_open:entry, fbt::vfs_getattr:entry /pid == $target && execname == "opener"/ { @[probefunc] = count(); }
END { printa("%s %@d\n", @); }'
echo "kprobe programs $(grep -c 'kprobe .*name dt_fbt' "$TMPDIR/progs")"
echo "fentry programs $(grep -c 'tracing .*name dt_fbt' "$TMPDIR/progs")"
# nothing left behind
echo "programs after exit $(bpftool prog show | grep -c 'name dt_')"
