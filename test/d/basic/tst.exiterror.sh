# exit() in an ERROR clause ends the firing of the probe that faulted
# (exiterror.d.in); the fault is reported once.
$DTRACE -s exiterror.d.in 2>&1 | sed -E 's/BPF pc [0-9]+/BPF pc N/'
