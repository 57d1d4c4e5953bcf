# Macro arguments may come before, between or after the options, as in
# DTrace: every operand is an argument, in order; after "--" the rest are
# operands even when they look like options.
$DTRACE -q 11 -n 'BEGIN { printf("%d %s\n", $1, $$2); exit(0); }' two
$DTRACE 11 -q -n 'BEGIN { printf("%d %d\n", $1, $2); exit(0); }' 22 -x quiet
$DTRACE -q -n 'BEGIN { printf("%d\n", $1); exit(0); }' -- -5
# an unused argument: DTrace names the last one
$DTRACE -q 1 2 -n 'BEGIN { exit(0); }' 2>&1 | head -1; echo "rc=${PIPESTATUS[0]}"
