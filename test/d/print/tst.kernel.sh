# print() of kernel types: a struct member, a pointer (its address, then
# what it points to), a char array; the process's open-file limit is set
# so the values are known.  The address is masked.
ulimit -n 512
$DTRACE -qn 'BEGIN {
	print(curthread->signal->rlim[7]);
	print(&curthread->signal->rlim[7]);
	print(curthread->comm);
	exit(0);
}' | sed -E 's/^0x[0-9a-f]+ = \*$/ADDR = */'
