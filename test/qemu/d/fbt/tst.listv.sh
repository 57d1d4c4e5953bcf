# dtrace -lv: the argument types of fbt probes come from the function's
# BTF prototype; on return args[0] is the (unknown, 0) offset and args[1]
# the return type; a void function's return has no args[1]
$DTRACE -lv -n 'fbt:vmlinux:do_sys_openat2:' | grep -E 'args\[|fbt +vmlinux' | sed -E 's/^ *[0-9]+ +//'
$DTRACE -lv -n 'fbt::kfree:return' | grep -E 'args\['
