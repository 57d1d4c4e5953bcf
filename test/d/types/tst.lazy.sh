# A program that uses no kernel type never reads BTF; one that does, does.
strace -f -e trace=openat -o $TMPDIR/dt-lazy.trace $DTRACE -q -n 'BEGIN { printf("%d\n", pid > 0); exit(0); }'
grep -c 'btf' $TMPDIR/dt-lazy.trace
strace -f -e trace=openat -o $TMPDIR/dt-lazy.trace $DTRACE -q -n 'BEGIN { printf("%d\n", curthread->pid > 0); exit(0); }'
grep -c '/sys/kernel/btf/vmlinux' $TMPDIR/dt-lazy.trace
rm -f $TMPDIR/dt-lazy.trace
