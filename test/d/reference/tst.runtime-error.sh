# shared/reference/runtime-error.*: a fault reports DTrace's runtime error
# and the session goes on (the BPF pc differs and is masked).
cp runtime-error.d.in $TMPDIR/runtime-error.d
cd $TMPDIR && $DTRACE -s runtime-error.d 2>&1 >$TMPDIR/dt-re.out | sed -E 's/BPF pc [0-9]+/BPF pc N/'
echo "rc=${PIPESTATUS[0]}"
cat $TMPDIR/dt-re.out
rm -f $TMPDIR/runtime-error.d $TMPDIR/dt-re.out
