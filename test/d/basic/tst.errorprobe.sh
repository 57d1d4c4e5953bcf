# ERROR fires from the faulting program with the fault's arguments; the
# faulting clause's data is discarded; later clauses run.
$DTRACE -s errorprobe.d.in 2>&1 | sed -E 's/BPF pc [0-9]+/BPF pc N/'
