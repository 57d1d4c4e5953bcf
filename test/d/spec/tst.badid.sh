# speculate(), commit() and discard() of an id above nspec raise ERROR.
$DTRACE -s badid.d.in 2>$TMPDIR/dt-spec-badid.err
echo "rc=$?"
sed -E 's/BPF pc [0-9]+/BPF pc N/' $TMPDIR/dt-spec-badid.err
rm -f $TMPDIR/dt-spec-badid.err
