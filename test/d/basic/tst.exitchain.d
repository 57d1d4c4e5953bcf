#pragma D option quiet
/*
 * exit() ends the firing: the clause that calls it runs to its end, no
 * later clause of the probe runs; a clause whose predicate is false does
 * not call it.  END runs, every clause of it, exit() in END included.
 */
BEGIN { printf("first\n"); }
BEGIN /1 == 0/ { exit(1); }
BEGIN { printf("second\n"); }
BEGIN { exit(0); printf("rest of the exiting clause\n"); }
BEGIN { printf("after exit\n"); }
BEGIN { exit(2); }
END { printf("end one\n"); }
END { printf("end two\n"); exit(0); }
END { printf("end three\n"); }
