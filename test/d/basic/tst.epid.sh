# epid is the enabled probe id: one number per (probe, clause) pair of the
# session, the same at every firing of that pair, never 0; ERROR's arg1 is
# the id of the probe whose clause faulted (DTrace for Linux).
$DTRACE -s epid.d.in 2>&1 | awk -f epid.awk
