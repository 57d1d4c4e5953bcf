# A -c process that executes another program (env runs pidtarget): the
# new program's modules are read when its dynamic loader reports them,
# with the process held until they are (the loader hook of dlopen), so
# descriptions that matched nothing in env (-Z) match in pidtarget from
# its first call: its main, its 2 calls of dt_pt_add, and libc's exit
# (a library both programs map, read once).  Option evaltime changes
# nothing here: every value is met already.
$DTRACE -Z -q -x evaltime=preinit -n '
pid$target:a.out:main:entry { printf("main of %s\n", execname); }
pid$target:a.out:dt_pt_add:entry { printf("dt_pt_add(%d) in %s\n", arg0, execname); }
pid$target:libc.so.6:exit:entry { printf("exit in %s\n", execname); }' \
    -c "/usr/bin/env $BUILD_DIR/testprog/pidtarget 2"
echo "rc=$?"
$DTRACE -x evaltime=later -n 'BEGIN { exit(0); }' 2>&1
echo "rc=$?"
