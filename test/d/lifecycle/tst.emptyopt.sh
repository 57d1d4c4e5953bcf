# -x empty: an empty program compiles (no D_EMPTY); when no program has
# a clause, nothing can be traced and the command says so, as DTrace does
# ("matched 0 probes", then "no probes matched", exit 1).  With another
# program beside it, tracing goes on.
printf '/* nothing here */\n' > $TMPDIR/empty.d
$DTRACE -xerrtags -s $TMPDIR/empty.d 2>&1 | head -1 | sed 's/script .*empty.d: /script: /'
$DTRACE -x empty -s $TMPDIR/empty.d 2>&1 | sed "s|$TMPDIR/||"; echo "rc=${PIPESTATUS[0]}"
$DTRACE -q -x empty -s $TMPDIR/empty.d -n 'BEGIN { printf("begin\n"); exit(0); }'
echo "rc=$?"
$DTRACE -q -n '#pragma D option empty' 2>&1; echo "rc=$?"
rm -f $TMPDIR/empty.d
