# Many per-event attachments (each probe its own clauses) are detached by
# a pool of threads when tracing stops; nothing is left behind.
$DTRACE -q \
    -n 'syscall::read:entry { a++; }' -n 'syscall::write:entry { b++; }' \
    -n 'syscall::close:entry { c++; }' -n 'syscall::openat:entry { d++; }' \
    -n 'syscall::getpid:entry { e++; }' -n 'syscall::mmap:entry { f++; }' \
    -n 'profile-97 { g++; }' -n 'tick-100ms { exit(0); }'
echo "rc=$?"
bash "$BUILD_DIR/../test/leaks" && echo "nothing left"
