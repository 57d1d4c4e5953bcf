/* stack( ) takes an int: trace( )'s void is D_PROTO_ARG */
BEGIN { stack(trace(1)); }
