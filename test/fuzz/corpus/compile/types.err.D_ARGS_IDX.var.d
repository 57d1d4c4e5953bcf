syscall::openat:entry { trace(args[arg0]); }
