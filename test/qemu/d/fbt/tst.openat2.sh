# fbt entry and return of do_sys_openat2, counted exactly against a child
# that opens /etc/hostname 7 times and a missing file once (static: no
# loader opens): 8 entries; on return arg1 and args[1] are the value
# returned, 3 (the descriptor, closed each time) 7 times and -2 (ENOENT)
# once.
$DTRACE -q -c "$BUILD_DIR/testprog/opener /etc/hostname 7 /nonexistent/f" -n '
fbt::do_sys_openat2:entry /pid == $target/ { @e = count(); }
fbt::do_sys_openat2:return /pid == $target/ { @r[(long)arg1] = count(); @t[args[1]] = count(); }
END { printa("entry %@d\n", @e); printa("arg1 %d %@d\n", @r); printa("args[1] %d %@d\n", @t); }'
