# Scratch space: alloca() is 8-byte aligned, holds scratchsize (256)
# bytes for each clause, and running out is DTrace's "out of scratch
# space" fault: the ERROR probe fires with fault 5 (DTRACEFLT_NOSCRATCH),
# the clause's record is dropped, and the session goes on.  (A constant
# size over scratchsize does not compile: D_ALLOCA_SIZE.)
cat >/tmp/dt-noscr.d <<'D'
BEGIN { n257 = 257; n300 = 300; neg = -1;
	this->a = alloca(3); this->b = alloca(1); this->c = alloca(237);
	printf("%d %d %d\n", (char *)this->b - (char *)this->a,
	    (char *)this->c - (char *)this->b,
	    (uint64_t)this->a % 8); }
BEGIN { this->a = alloca(n257); printf("not reached 1\n"); }
BEGIN { this->a = alloca(200); this->b = alloca(57); printf("not reached 2\n"); }
BEGIN { this->a = alloca(256); printf("the next clause has it all again\n"); }
BEGIN { this->a = alloca(neg); printf("not reached 3\n"); }
BEGIN { this->a = copyin(0, n300); printf("not reached 4\n"); }
BEGIN { this->a = alloca(0); this->b = alloca(256); printf("zero bytes\n"); }
ERROR { printf("ERROR: clause %d fault %d value %d\n", arg2, arg4, arg5); }
BEGIN { exit(0); }
D
$DTRACE -q -s /tmp/dt-noscr.d 2>/tmp/dt-noscr.err
echo "rc=$?"
sed -E 's/BPF pc [0-9]+/BPF pc N/' /tmp/dt-noscr.err
rm -f /tmp/dt-noscr.d /tmp/dt-noscr.err
