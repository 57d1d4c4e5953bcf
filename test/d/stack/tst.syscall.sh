# stack() in a syscall probe: DTrace's layout (a line break, then one
# frame a line, indented 14 columns, module`symbol+0xoffset, a blank line
# after the firing), and the frames this kernel takes a system call
# through: do_syscall_64 below, the entry code at the bottom.
$DTRACE -c 'cat /etc/hostname' -o /tmp/dt-stk.$$ -n 'syscall::openat:entry /pid == $target/ { stack(); }' >/dev/null 2>&1 || echo "dtrace failed"
awk -f "$(dirname "$0")/syscall.awk" /tmp/dt-stk.$$
rm -f /tmp/dt-stk.$$
