# tst.aggkey.sh: every entry keyed by a syscall's stack has do_syscall_64.
/^  (openat|read) / { n++ } /^              vmlinux`do_syscall_64\+/ { d++ }
	END { print (n >= 2 && d == n) ? "each entry has do_syscall_64" : "n " n " d " d }
