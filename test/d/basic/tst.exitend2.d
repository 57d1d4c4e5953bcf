#pragma D option quiet
/*
 * The status is that of the last exit(): END's exit(3) after BEGIN's
 * exit(0); an END clause without exit() changes nothing.
 */
BEGIN { exit(0); }
END { exit(3); }
END { printf("end\n"); }
