#pragma D option quiet
/* Without exit() in END, the status is the first exit()'s: 2. */
BEGIN { exit(2); }
END { printf("end\n"); }
