# The scratchsize option sets the scratch space of each clause (rounded up
# to 8 bytes); out-of-range values are refused.
cat >/tmp/dt-scrsz.d <<'D'
#pragma D option scratchsize=1020
BEGIN { this->a = alloca(1017); printf("1017 bytes fit\n"); }
BEGIN { n = 1025; this->a = copyin(0, n); printf("not reached\n"); }
BEGIN { exit(0); }
D
$DTRACE -q -s /tmp/dt-scrsz.d 2>/tmp/dt-scrsz.err
sed -E 's/BPF pc [0-9]+/BPF pc N/' /tmp/dt-scrsz.err
$DTRACE -q -x scratchsize=8192 -n 'BEGIN { this->a = alloca(8192); printf("%d\n", this->a != NULL); exit(0); }'
$DTRACE -x scratchsize=4 -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
$DTRACE -x scratchsize=8193 -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
rm -f /tmp/dt-scrsz.d /tmp/dt-scrsz.err
