# tracemem() of a bad address raises ERROR; the session goes on.
$DTRACE -s tracemem-fault.d.in 2>$TMPDIR/dt-tmf.err
sed -E 's/BPF pc [0-9]+/BPF pc N/' $TMPDIR/dt-tmf.err
