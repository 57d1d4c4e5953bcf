syscall::openat:entry, syscall::read:entry { trace(args[1]); }
