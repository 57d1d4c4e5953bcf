# d_path() of an address that cannot be read is the invalid address fault.
$DTRACE -s fault.d.in 2>$TMPDIR/dpath-fault.err
sed -E 's/BPF pc [0-9]+/BPF pc N/' $TMPDIR/dpath-fault.err
