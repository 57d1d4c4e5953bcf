# tst.profile.sh: every line of the aggregation is blank, a frame or a
# count, and dd's stacks go through its system calls.
/^$/ { next }
/^              vmlinux`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$/ { frames++; if ($1 ~ /`do_syscall_64\+/) sys++; next }
/^ +[0-9]+$/ { entries++; next }
{ bad++; print "bad line: " $0 }
END {
	print (entries > 0 && frames > 0) ? "stacks sampled" : "no stacks"
	print (sys > 0) ? "do_syscall_64 found" : "no do_syscall_64"
	print "bad lines: " bad + 0
}
