# stringof() of an integer reads the string at that address, user or
# kernel: a system call's stringof(arg1) is the path openat() was given,
# as copyinstr(arg1) is (the file is empty: cat prints nothing);
# stringof(1) is the invalid address fault.
: >$TMPDIR/dt-sofa.txt
$DTRACE -q -c "cat $TMPDIR/dt-sofa.txt" -n 'syscall::openat:entry
/pid == $target && basename(copyinstr(arg1)) == "dt-sofa.txt"/ {
	printf("%s %d\n", basename(stringof(arg1)),
	    stringof(arg1) == copyinstr(arg1));
}'
echo "rc=$?"
$DTRACE -q -n 'BEGIN { trace(stringof((uint64_t)1)); }' \
    -n 'ERROR { printf("fault %d %x\n", arg4, arg5); exit(0); }'
echo "rc=$?"
rm -f $TMPDIR/dt-sofa.txt
