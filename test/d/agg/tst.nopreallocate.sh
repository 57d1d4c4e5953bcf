# Keyed aggregations are hash maps allocated as keys arrive (a map
# preallocated for aggsize, 262,144 entries of 8-byte keys by default,
# takes half a second and tens of MB to create): the map says so (flags
# 0x1, BPF_F_NO_PREALLOC), and the CPU still holds exactly aggsize bytes
# of entries, every key beyond counted as a drop.  3,000 calls, each its
# own key, into 1,024 entries of 16 bytes.
prog="$BUILD_DIR/testprog/pidtarget"
out="$TMPDIR/noprealloc.out"
err="$TMPDIR/noprealloc.err"
$DTRACE -qw -x aggsize=16k -c "$prog 3000" -n '
    pid$target:a.out:dt_pt_add:entry { @nopre[timestamp] = count(); }
    pid$target:a.out:dt_pt_mul:entry { system("bpftool map show"); }' \
    >"$out" 2>"$err"
echo "exit $?"
# the aggregation's map (dt_nopre) shows no preallocation
awk '/^[0-9]+: hash +name dt_nopre / { print "flags " $NF }' "$out"
echo "entries $(grep -cE '^ +[0-9]+ +1$' "$out")"
echo "drops $(sed -nE 's/^dtrace: ([0-9]+) aggregation drops? on CPU [0-9]+$/\1/p' "$err" | awk '{ s += $1 } END { print s + 0 }')"
grep -v 'aggregation drop' "$err"
true
