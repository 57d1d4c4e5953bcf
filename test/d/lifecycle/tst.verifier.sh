# A program the verifier rejects: the error names the clause and quotes the
# verifier's last lines; exit 1; nothing left behind.  (25 comparisons of
# 4096-byte strings make a path of more than 8192 jumps, which this kernel's
# verifier refuses; if the code generator learns to avoid that, find another
# program the verifier rejects.)
src='#pragma D option strsize=4096
BEGIN { a = "x"; b = "y"; }
BEGIN /'
for i in $(seq 1 24); do src="$src a == b ||"; done
src="$src a == b/ { exit(0); }"
echo "$src" > $TMPDIR/dt-verifier.d
$DTRACE -s $TMPDIR/dt-verifier.d 2>$TMPDIR/dt-verifier.err
echo "rc=$?"
grep -c '^dtrace: could not enable tracing: BPF verifier rejected the program of dt_clause_1 (BEGIN at [^)]*/dt-verifier.d:3:1): ' $TMPDIR/dt-verifier.err
grep -c '^verifier: ' $TMPDIR/dt-verifier.err
bash "$BUILD_DIR/../test/leaks" && echo "nothing left"
rm -f $TMPDIR/dt-verifier.d $TMPDIR/dt-verifier.err
