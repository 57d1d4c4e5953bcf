# fbt entry arguments: args[0] (int dfd) is AT_FDCWD, args[1] (const char
# *) the path the child opened, read from user memory
$DTRACE -q -c "$BUILD_DIR/testprog/opener /etc/hostname 2" -n '
fbt::do_sys_openat2:entry /pid == $target/ { printf("%d %s\n", args[0], copyinstr((uintptr_t)args[1])); }'
