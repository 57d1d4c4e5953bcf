# copyin() reads user memory only: address 0 and a kernel address are
# DTrace's "invalid address" fault for that address, reported as an ERROR
# while the session goes on.
cat >/tmp/dt-cpbad.d <<'D'
BEGIN { trace(*(int *)copyin(0, 4)); }
BEGIN { this->k = (uint64_t)curthread; this->p = copyin(this->k, 8);
	printf("not reached\n"); }
BEGIN { this->p = copyin(8, 0); printf("a copy of 0 bytes reads nothing\n"); }
ERROR { printf("ERROR: clause %d fault %d same address %d\n", arg2, arg4,
	arg5 == (arg2 == 0 ? 0 : (uint64_t)curthread)); }
BEGIN { exit(0); }
D
$DTRACE -q -s /tmp/dt-cpbad.d 2>/tmp/dt-cpbad.err
echo "rc=$?"
sed -E 's/BPF pc [0-9]+/BPF pc N/; s/\(0x[0-9a-f]{9,}\)/(ADDR)/' /tmp/dt-cpbad.err
rm -f /tmp/dt-cpbad.d /tmp/dt-cpbad.err
