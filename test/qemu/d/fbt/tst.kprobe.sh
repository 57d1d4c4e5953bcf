# the same counts and values with fbt on kprobes (-x fbtkprobe), where
# fentry/fexit would work too: kprobe on entry (args from the saved
# registers), kretprobe on return (%rax)
$DTRACE -x fbtkprobe -q -c "$BUILD_DIR/testprog/opener /etc/hostname 5 /nonexistent/f" -n '
fbt::do_sys_openat2:entry /pid == $target/ { @e = count(); @p[copyinstr((uintptr_t)args[1])] = count(); }
fbt::do_sys_openat2:return /pid == $target/ { @r[args[1]] = count(); }
END { printa("entry %@d\n", @e); printa("%s %@d\n", @p); printa("return %d %@d\n", @r); }'
