# The example of the type-data issue: curthread's members, on the same
# process as copyinstr's string.
$DTRACE -q -c 'cat /etc/hostname' -o $TMPDIR/dt-ct.out \
    -n 'syscall::openat:entry /pid == $target/ { printf("%s %d %s\n", stringof(curthread->comm), curthread->pid, copyinstr(arg1)); }' \
    >/dev/null 2>$TMPDIR/dt-ct.err
echo "rc=$?"
grep -c ' /etc/hostname$' $TMPDIR/dt-ct.out
# one command and one pid on every line
awk 'NF == 3 { print $1, ($2 > 0) }' $TMPDIR/dt-ct.out | sort -u
awk 'NF == 3 { print $2 }' $TMPDIR/dt-ct.out | sort -u | wc -l
rm -f $TMPDIR/dt-ct.out $TMPDIR/dt-ct.err
