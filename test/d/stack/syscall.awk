# tst.syscall.sh: checks the layout and frames of stack() records.
/^CPU/ { next }
/^ +[0-9]+ +[0-9]+ +openat:entry $/ { probes++; inrec = 1; nf = 0; next }
inrec && /^$/ { if (nf > 0) { stacks++; if (nf > max) max = nf }; inrec = 0; next }
inrec && /^              vmlinux`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$/ { nf++; frames[substr($1, 9)] = 1; last = $1; sub(/\+.*/, "", last); next }
inrec { bad++; print "bad line: " $0 }
END {
	print (probes > 0 && stacks == probes) ? "every firing has a stack" : "probes " probes " stacks " stacks
	print (max <= 20) ? "at most 20 frames (stackframes)" : "too many frames: " max
	for (f in frames) { g = f; sub(/\+.*/, "", g); seen[g] = 1 }
	print seen["do_syscall_64"] ? "do_syscall_64 found" : "no do_syscall_64"
	print (last ~ /entry_SYSCALL_64/) ? "bottom frame: entry_SYSCALL_64*" : "bottom frame: " last
	print "bad lines: " bad + 0
}
