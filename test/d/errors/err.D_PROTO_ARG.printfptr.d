/* a pointer is no format either: D_PROTO_ARG */
BEGIN { printf(curthread); }
