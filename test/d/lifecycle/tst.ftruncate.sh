# ftruncate(): the output file (-o, which appends) is emptied, what was
# there before the session and what the firing printed before the call
# gone; in JSON too.  Output to a pipe cannot be taken back and keeps
# everything.
f=$TMPDIR/dt-ftruncate.out
echo "before the session" >$f
$DTRACE -q -o $f -n 'BEGIN { printf("first\n"); ftruncate(); printf("second\n"); exit(0); }'
echo "rc=$?"
cat $f
$DTRACE -q -x oformat=json -o $f -n 'BEGIN { printf("a\n"); ftruncate(); printf("b\n"); exit(0); }'
jq -c '.cpu = "N"' $f
$DTRACE -q -n 'BEGIN { printf("kept\n"); ftruncate(); printf("after\n"); exit(0); }' | cat
rm -f $f
