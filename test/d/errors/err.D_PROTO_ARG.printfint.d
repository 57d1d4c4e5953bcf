/* printf( )'s format must be a string: an int is D_PROTO_ARG, as in DTrace */
BEGIN { printf(1); }
