# Runtime errors and ERROR's arg2 name the faulting statement as DTrace
# numbers statements: one a probe description, counted over the clauses
# in order, whatever if statements a clause holds; a program serving two
# descriptions of a clause reports each probe's own.  Each distinct line
# once (the ticks fault several times).
$DTRACE -s errorstmt.d.in 2>&1 | sed -E 's/BPF pc [0-9]+/BPF pc N/;
    s/probe ID [0-9]+ \(profile/probe ID M (profile/' | LC_ALL=C sort -u
