# self->a[k] elements are per thread: pidtarget's main thread calls
# dt_pt_add() twice, a thread it creates three times, then the main
# thread calls dt_pt_mul(); each thread counts and sums under the same
# keys, and sees only its own.
$DTRACE -q -c "$BUILD_DIR/testprog/pidtarget thread" -n '
self int sum[int];
pid$target:a.out:dt_pt_add:entry
{
	self->n["add", 7]++;
	self->sum[1] += arg1;
	printf("%s %d %d\n", tid == pid ? "main" : "thread",
	    self->n["add", 7], self->sum[1]);
}
pid$target:a.out:dt_pt_mul:entry
{
	printf("mul %d %d %d\n", self->n["add", 7], self->sum[1],
	    self->n["add", 8]);
}' || echo "exit $?"
