# A string subroutine's argument that is a pointer or integer address may
# be a user address, as DTrace for Linux's subroutines read one: write(2)'s
# buffer, "abc,def" with its NUL, passed as (void *)arg1, (char *)arg1 or
# arg1 itself to strlen, strjoin, substr, index, strchr and strtok (as
# the string and as the delimiters).  An address that is neither user nor
# kernel memory still faults.
$DTRACE -q -o /tmp/dt-userstr.out -c 'printf abc,def\0' \
    -n 'syscall::write:entry /pid == $target/ {
	printf("%d [%s] [%s] %d [%s]\n", strlen((void *)arg1),
	    strjoin((char *)arg1, "!"), substr((void *)arg1, 2, 3),
	    index((void *)arg1, "de"), strchr((char *)arg1, 44));
	printf("[%s]", strtok((void *)arg1, ","));
	printf("[%s]", strtok(NULL, ","));
	printf("[%s]\n", strtok("xx,ab,yy", (void *)arg1));
	printf("%d\n", strlen((void *)(arg1 + 4)));
    }
    syscall::write:entry /pid == $target/ {
	trace(strlen((void *)8));
    }
    ERROR { printf("fault %d %d\n", arg4, arg5); exit(0); }' \
    >/dev/null 2>/tmp/dt-userstr.err
echo "rc=$?"
cat /tmp/dt-userstr.out
sed 's/pc [0-9]*/pc N/; s/probe ID [0-9]*/probe ID P/' /tmp/dt-userstr.err
rm -f /tmp/dt-userstr.out /tmp/dt-userstr.err
