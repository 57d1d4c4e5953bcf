# -l compiles its descriptions as -Z would: after the header, each
# description's probes in order, and for one matching nothing DTrace's
# "failed to match" line on stderr; the listing goes on and exits 0.
ids() { sed -E 's/^ *[0-9]+ /   ID /'; }
$DTRACE -l -n BEGIN -n 'syscall::nosuchcall:entry' -n END 2>&1 | ids
echo "rc=${PIPESTATUS[0]}"
$DTRACE -lf nosuchfunc 2>&1; echo "rc=$?"
$DTRACE -lm nosuchmod 2>&1; echo "rc=$?"
$DTRACE -lP 'dtrace /1/ { trace(1); }' 2>&1 | ids
# a script's clauses are listed too, in program order
printf 'END, BEGIN { }\nnosuch:::x { }\n' >$TMPDIR/l.d
$DTRACE -l -s $TMPDIR/l.d 2>&1 | ids
# -i: digits are a probe id, which must name a probe (else no listing,
# not even the header); anything else is
# a probe name
$DTRACE -li -3 2>&1; echo "rc=$?"
$DTRACE -li 0 2>&1 | head -1; echo "rc=${PIPESTATUS[0]}"
$DTRACE -i 0 2>&1 | head -1
$DTRACE -i 4000000000 2>&1 | head -1
$DTRACE -i i23 2>&1 | head -1
# -P, -m and -f: leading digits are a probe id, which names none of them
$DTRACE -f 4.56 2>&1 | head -1
$DTRACE -P 12 2>&1 | head -1
$DTRACE -m 3:x 2>&1 | head -1
# more fields than -P, -m or -f takes
$DTRACE -P profile:::profile-97 2>&1 | head -1
$DTRACE -m :genunix:: 2>&1 | head -1
$DTRACE -f a:b:c:d 2>&1 | head -1
