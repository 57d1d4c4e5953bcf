# A program that uses no kernel type never reads BTF; one that does, does.
strace -f -e trace=openat -o /tmp/dt-lazy.trace $DTRACE -q -n 'BEGIN { printf("%d\n", pid > 0); exit(0); }'
grep -c 'btf' /tmp/dt-lazy.trace
strace -f -e trace=openat -o /tmp/dt-lazy.trace $DTRACE -q -n 'BEGIN { printf("%d\n", curthread->pid > 0); exit(0); }'
grep -c '/sys/kernel/btf/vmlinux' /tmp/dt-lazy.trace
rm -f /tmp/dt-lazy.trace
