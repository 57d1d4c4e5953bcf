/* exit( ) takes an int: an action's void is D_PROTO_ARG, as in DTrace */
BEGIN { exit(exit(0)); }
