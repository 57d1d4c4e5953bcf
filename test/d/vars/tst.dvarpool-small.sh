# A dynvarsize that cannot hold one element of the program's dynamic
# variables is refused when tracing would start, as DTrace for Linux
# refuses it: a[int] = int costs 20 bytes (16 of tuple, 4 of value), so
# 19 bytes are too few and 20 are enough.  A self-> int alone costs its
# value (no tuple): 4 bytes hold one.
$DTRACE -q -x dynvarsize=19 -n 'BEGIN { a[1] = 1; exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x dynvarsize=20 -n 'BEGIN { a[1] = 1; printf("%d\n", a[1]); exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x dynvarsize=3 -n 'BEGIN { self->x = 1; exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -q -x dynvarsize=4 -n 'BEGIN { self->x = 1; printf("%d\n", self->x); exit(0); }' 2>&1
echo "rc=$?"
