# shared/reference/oob-index.*: run from its own name (stderr names it) with the
# BPF pc, which differs, masked.
cp oob-index.d.in $TMPDIR/oob-index.d
cd $TMPDIR && $DTRACE -s oob-index.d 2>&1 >$TMPDIR/dt-oob-index.out | sed -E 's/BPF pc [0-9]+/BPF pc N/'
echo "rc=${PIPESTATUS[0]}"
cat $TMPDIR/dt-oob-index.out
rm -f $TMPDIR/oob-index.d $TMPDIR/dt-oob-index.out
