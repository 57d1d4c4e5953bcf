# The output file (-o) reaches RLIMIT_FSIZE: the kernel's SIGXFSZ would
# kill dtrace without a word.  dtrace ignores it, reports the write that
# failed (EFBIG) with the file's name, stops, exits 1 and leaves nothing
# in the kernel; the file holds what fitted.  The same for standard
# output redirected to a file, and for aggregations printed at the end.
. ./common.sh
out=$TMPDIR/fsize.out
prlimit --fsize=16384 $DTRACE -q -o $out -n 'tick-5ms {
    printf("line %d ..............................................\n", i++); }' \
    2>$TMPDIR/fsize.err &
dt=$!
wait_objs $dt 1 || echo "tracing did not start"
objs=$(held_objs $dt)
wait $dt
echo "-o: exit $?"
sed "s|$out|FILE|" $TMPDIR/fsize.err
echo "-o: $(stat -c %s $out) bytes, from line $(head -1 $out | cut -d' ' -f2)"
objs_gone "$objs" && echo "nothing left"
(ulimit -f 4; $DTRACE -q -n 'tick-1ms {
    printf("line %d ..............................................\n", i++); }' >$out) 2>&1
echo "stdout: exit $?"
prlimit --fsize=64 $DTRACE -q -o $out -n 'BEGIN { @a[1] = count(); @a[2] = count();
    @a[3] = count(); @a[4] = count(); exit(0); }' 2>&1 | sed "s|$out|FILE|"
echo "aggregations: exit ${PIPESTATUS[0]}"
rm -f $out $TMPDIR/fsize.err
