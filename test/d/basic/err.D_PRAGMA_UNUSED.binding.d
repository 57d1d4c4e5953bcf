/* A binding for a name the program never defines is unused. */
#pragma D binding "1.0" nothing_here
BEGIN { exit(0); }
