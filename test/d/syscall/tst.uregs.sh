# uregs[]: the traced thread's saved user registers.  At the entry of a
# system call the kernel has saved %rax as -ENOSYS (-38) and the call's
# number (getpid: 39) in orig_ax, the R_ERR slot; at its return %rax holds
# the result, getpid()'s the pid.  User code runs with %cs 0x33 and %ss
# 0x2b; %rip is the same at entry and return (just after the syscall
# instruction) and lies in libc's text, below the stack (x86_64 puts the
# stack at the top of the user address space).  The index is a constant
# (syscall/err.D_PROTO_ARG.uregsvar.d).
echo 'import os
os.getpid()' >$TMPDIR/dt-uregs.py
$DTRACE -q -c "python3 $TMPDIR/dt-uregs.py" -n '
syscall::getpid:entry /pid == $target/ {
	self->pc = uregs[R_PC];
	printf("entry rax=%d err=%d cs=%#x ss=%#x pc %s sp %s\n",
	    (long)uregs[R_RAX], uregs[R_ERR], uregs[R_CS],
	    uregs[R_SS], uregs[R_PC] != 0 ? "!= 0" : "== 0",
	    uregs[R_SP] > uregs[R_PC] ? "> pc" : "<= pc");
}
syscall::getpid:return /pid == $target/ {
	printf("return rax %s pid, r0 %s rax, pc %s entry pc\n",
	    uregs[R_RAX] == pid ? "==" : "!=",
	    uregs[R_R0] == uregs[R_RAX] ? "==" : "!=",
	    uregs[R_RIP] == self->pc ? "==" : "!=");
}' >$TMPDIR/dt-uregs.out 2>$TMPDIR/dt-uregs.err
echo "rc=$?"
sort -u $TMPDIR/dt-uregs.out
sed -E 's/probe ID [0-9]+/probe ID N/; s/BPF pc [0-9]+/BPF pc N/' $TMPDIR/dt-uregs.err | sort -u
rm -f $TMPDIR/dt-uregs.py $TMPDIR/dt-uregs.out $TMPDIR/dt-uregs.err
