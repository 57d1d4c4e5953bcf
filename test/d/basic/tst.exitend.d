#pragma D option quiet
/*
 * exit() in END gives the status anew: BEGIN's exit(1), then END's
 * exit(0), ends with 0, as in DTrace.
 */
BEGIN { printf("begin\n"); exit(1); }
END { printf("end\n"); exit(0); }
