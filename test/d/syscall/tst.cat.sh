# -c runs cat held until its probes are enabled; every openat of cat is
# seen, cat's output passes through, dtrace exits when cat does.
$DTRACE -q -o $TMPDIR/dt-cat.out -c 'cat /etc/hostname' \
    -n 'syscall::openat:entry /pid == $target/ { printf("%s %s\n", execname, copyinstr(arg1)); }' \
    >$TMPDIR/dt-cat.stdout 2>$TMPDIR/dt-cat.err
echo "rc=$?"
cmp -s $TMPDIR/dt-cat.stdout /etc/hostname && echo "cat output passed through"
grep -cx 'cat /etc/hostname' $TMPDIR/dt-cat.out
# every line names cat and a path, or is the closing empty line
grep -vE '^(cat /.*|)$' $TMPDIR/dt-cat.out
# faults, if any, are DTrace runtime errors for this clause
grep -vE '^dtrace: error in dt_clause_0 for probe ID [0-9]+ \(syscall:vmlinux:openat:entry\): invalid address \(0x[0-9a-f]+\) at BPF pc [0-9]+$' $TMPDIR/dt-cat.err
rm -f $TMPDIR/dt-cat.out $TMPDIR/dt-cat.stdout $TMPDIR/dt-cat.err
