# sym(), func() and mod() of kernel addresses taken from /proc/kallsyms:
# module`symbol (no offset) and the module, in DTrace's column; an
# address no symbol holds in hex.  As aggregation keys, addresses in one
# function are one entry.  JSON gives the names as strings.
W=$(awk '$3 == "ksys_write" { print $1; exit }' /proc/kallsyms)
R=$(awk '$3 == "ksys_read" { print $1; exit }' /proc/kallsyms)
d=/tmp/dt-sym.$$.d
cat > $d <<EOF
BEGIN {
	sym(0x$W); printf("|\n");
	func(0x$W + 5); printf("|\n");
	mod(0x$R); printf("|\n");
	func(0); printf("|\n");
	@f[func(0x$W)] = count(); @f[func(0x$W + 3)] = count();
	@f[sym(0x$R + 1)] = count();
	@m[mod(0x$W)] = sum(2); @m[mod(0x$R)] = sum(3);
	exit(0);
}
EOF
$DTRACE -q -s $d
cat > $d <<EOF
BEGIN { sym(0x$W + 1); mod(0x$W); @[func(0x$R + 2)] = count(); exit(0); }
EOF
$DTRACE -q -x oformat=json -s $d | sed 's/"cpu":[0-9]*/"cpu":C/'
rm -f $d
