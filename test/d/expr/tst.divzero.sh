# A division by zero is DTrace's runtime error; the next clause still runs.
$DTRACE -s divzero.d.in 2>&1 | sed -E 's/BPF pc [0-9]+/BPF pc N/'
