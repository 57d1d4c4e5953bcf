/* The index of args[ ] is an integer constant (DTrace: D_PROTO_ARG). */
syscall::openat:entry { trace(args[arg0]); }
