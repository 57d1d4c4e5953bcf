# Forms of probe descriptions: all four fields, function:name, the globs
# ? and [...], and the -P, -m, -f and -i (probe id) options.
$DTRACE -q -c /bin/true \
    -n 'syscall:vmlinux:exit_group:entry /pid == $target/ { printf("four fields\n"); }' \
    -n 'exit_group:entry /pid == $target/ { printf("function:name\n"); }' \
    -n 'syscall::exit_gro?p:entry /pid == $target/ { printf("glob ?\n"); }' \
    -n 'syscall::exit_gr[aeiou]up:entry /pid == $target/ { printf("glob []\n"); }'
echo "rc=$?"
$DTRACE -l -n 'syscall::rea?:entry' | awk 'NR > 1 { print $2, $3, $4, $5 }'
$DTRACE -l -n 'syscall::re[a-d]d:return' | awk 'NR > 1 { print $2, $3, $4, $5 }'
$DTRACE -l -P dtrace | awk 'NR > 1 { print $2, $3 }'
$DTRACE -l -f exit_group | awk 'NR > 1 { print $2, $3, $4, $5 }'
$DTRACE -l -m vmlinux | awk 'NR > 1 { n[$2]++ } END { for (p in n) print p, (n[p] > 700) }'
$DTRACE -l -i 1 -i 3 | awk 'NR > 1 { print $1, $2, $3 }'
