# %a prints a kernel address as module`symbol+0xoffset (kallsyms, shared
# by the sessions of the process); user and unknown addresses in hex.
taskset -c 0 timeout 3 sh -c 'while :; do cat /proc/self/stat >/dev/null; done' &
$DTRACE -q -n 'profile-997 /arg0 != 0/ { printf("%a\n", arg0); exit(0); }' |
    grep -cE '^vmlinux`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$'
$DTRACE -q -n 'BEGIN { printf("[%a] [%a]\n", 0, 0x1234); exit(0); }'
kill %1 2>/dev/null
wait 2>/dev/null
