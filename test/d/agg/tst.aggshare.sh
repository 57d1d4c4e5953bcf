# The aggregations of a session share aggsize, as DTrace's share the
# aggregation buffer of each CPU: an entry costs its key and value (16
# bytes for an integer key and a count, 24 for an avg()), and a new entry
# that would take the CPU past aggsize is an aggregation drop, whichever
# aggregation it is for and whatever its sizes.  Every firing runs on one
# CPU (taskset), so all the entries are that CPU's.
#
# 64 bytes: @a's two entries (32), @b's avg (24), then @c's first entry
# (16 more: 72) and every other new key are drops; @a's existing keys still
# count.
taskset -c 0 $DTRACE -q -x aggsize=64 -n 'BEGIN { @a[1] = count(); @a[2] = count();
    @b[1] = avg(4); @c[1] = count(); @a[3] = count(); @a[1] = count(); exit(0); }' 2>&1 |
    sed 's/on CPU [0-9]*/on CPU n/'
echo "rc=${PIPESTATUS[0]}"
# trunc() gives the room of the entries it removes back: @a fills the 64
# bytes in BEGIN, is truncated, and END's four @b entries all fit.
taskset -c 0 $DTRACE -q -x aggsize=64 -n 'BEGIN { @a[1] = count(); @a[2] = count();
    @a[3] = count(); @a[4] = count(); trunc(@a); exit(0); }
    END { @b[5] = count(); @b[6] = count(); @b[7] = count(); @b[8] = count(); }' 2>&1 |
    sed 's/on CPU [0-9]*/on CPU n/'
echo "rc=${PIPESTATUS[0]}"
# with clear() the entries stay, and so does their cost: END's are drops
taskset -c 0 $DTRACE -q -x aggsize=64 -n 'BEGIN { @a[1] = count(); @a[2] = count();
    @a[3] = count(); @a[4] = count(); clear(@a); exit(0); }
    END { @b[5] = count(); }' 2>&1 | sed 's/on CPU [0-9]*/on CPU n/'
echo "rc=${PIPESTATUS[0]}"
