# Array variables (arrayvar.d.in says what it checks); then the faults of
# the indexes out of range, their BPF pc left out.
$DTRACE -s arrayvar.d.in 2>"$TMPDIR/arrayvar.err"
sed -E 's/BPF pc [0-9]+/BPF pc N/' "$TMPDIR/arrayvar.err"
