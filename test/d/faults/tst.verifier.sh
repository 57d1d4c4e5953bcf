# The verifier rejects a program: the error names the clause, with its
# probe description and where it is written (file:line:column), quotes
# the verifier's reason, dtrace exits 1 (test/leaks checks that nothing is
# left behind).  (25 comparisons of 4096-byte strings make a path of more
# than 8192 jumps, which this kernel's verifier refuses; if the code
# generator learns to avoid that, find another program the verifier
# rejects.)
. ./common.sh
cond="a == b"
for i in $(seq 1 24); do cond="$cond || a == b"; done
cat >$TMPDIR/verifier.d <<D
#pragma D option strsize=4096
BEGIN { a = "x"; b = "y"; }

  syscall::getpid:entry, BEGIN
/$cond/
{
	exit(0);
}
D
$DTRACE -s $TMPDIR/verifier.d 2>$TMPDIR/verifier.err
echo "exit $?"
sed -nE "s|^dtrace: could not enable tracing: BPF verifier rejected the program of dt_clause_1 \(syscall::getpid:entry at $TMPDIR/verifier.d:4:3\): .*|names the clause and its place|p" $TMPDIR/verifier.err
grep -q '^The sequence of 8193 jumps is too complex.$' $TMPDIR/verifier.err && echo "quotes the verifier's reason"
rm -f $TMPDIR/verifier.d $TMPDIR/verifier.err
