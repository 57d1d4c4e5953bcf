# A kernel struct copied into variables (this->, self->, a global, an
# associative array element) and read back member by member; the open
# file limit is set so the values are known.
ulimit -n 512
$DTRACE -qn 'BEGIN {
	this->r = curthread->signal->rlim[7];
	self->r = curthread->signal->rlim[7];
	g = curthread->signal->rlim[7];
	a[pid] = curthread->signal->rlim[7];
	printf("%d %d %d %d\n", this->r.rlim_cur, self->r.rlim_max,
	    g.rlim_cur, a[pid].rlim_max);
	exit(0);
}'
