# copyinto() and bcopy() copy into scratch space the clause allocated;
# a destination outside it (past the allocation, or a pointer an earlier
# clause took), or an address
# that cannot be read is DTrace's "invalid address" fault, and the session
# goes on.  A bcopy() source may be scratch space (DTrace for Linux copies
# from one alloca() buffer into another).
$DTRACE -q -o /tmp/dt-cpinto.out -c 'printf hello\0world' \
    -n 'syscall::write:entry /pid == $target/ {
	this->p = alloca(16);
	copyinto(arg1, arg2, this->p);
	copyinto(arg1 + 1, 2, (char *)this->p + 12);
	printf("[%s] %c%c%c\n", stringof(this->p), *((char *)this->p + 6),
	    *((char *)this->p + 12), *((char *)this->p + 13));
    }
    syscall::write:entry /pid == $target/ {
	this->p = alloca(8);
	copyinto(arg1, 9, this->p);	/* one byte past the allocation */
	printf("not reached 1\n");
    }
    syscall::write:entry /pid == $target/ {
	copyinto(arg1, 4, this->p);	/* of an earlier clause: gone */
	printf("not reached 2\n");
    }
    syscall::write:entry /pid == $target/ {
	this->p = alloca(8);
	copyinto(0, 8, this->p);
	printf("not reached 3\n");
    }
    syscall::write:entry /pid == $target/ {
	this->p = alloca(192);
	bcopy(curthread->cred, this->p, 192);
	this->c = (struct cred *)this->p;
	printf("%d %d\n", this->c->gid.val == curthread->cred->gid.val,
	    this->c->user_ns == curthread->cred->user_ns);
    }
    syscall::write:entry /pid == $target/ {
	this->p = alloca(16);
	copyinto(arg1, 6, this->p);
	bcopy((char *)this->p + 1, (char *)this->p + 8, 4);
	this->q = (char *)this->p + 8;
	printf("%c%c%c%c\n", this->q[0], this->q[1], this->q[2], this->q[3]);
    }
    syscall::write:entry /pid == $target/ {
	bcopy(curthread->cred, (void *)curthread, 8);
	printf("not reached 5\n");
    }
    syscall::write:entry /pid == $target/ {
	this->p = alloca(8);
	bcopy(0, this->p, 8);
	printf("not reached 6\n");
    }
    ERROR { printf("ERROR: clause %d fault %d\n", arg2, arg4); }
    syscall::write:entry /pid == $target/ { exit(0); }' \
    >/dev/null 2>/tmp/dt-cpinto.err
echo "rc=$?"
cat /tmp/dt-cpinto.out
sed -E 's/probe ID [0-9]+ /probe ID P /; s/BPF pc [0-9]+/BPF pc N/; s/\(0x[0-9a-f]{9,}\)/(ADDR)/' /tmp/dt-cpinto.err
rm -f /tmp/dt-cpinto.out /tmp/dt-cpinto.err
