# shared/reference/null-strlen.*: run from its own name (stderr names it) with the
# BPF pc, which differs, masked.
cp null-strlen.d.in $TMPDIR/null-strlen.d
cd $TMPDIR && $DTRACE -s null-strlen.d 2>&1 >$TMPDIR/dt-null-strlen.out | sed -E 's/BPF pc [0-9]+/BPF pc N/'
echo "rc=${PIPESTATUS[0]}"
cat $TMPDIR/dt-null-strlen.out
rm -f $TMPDIR/null-strlen.d $TMPDIR/dt-null-strlen.out
