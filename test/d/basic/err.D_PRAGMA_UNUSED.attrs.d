/* Attributes for a name nothing declares are unused. */
#pragma D attributes Stable/Stable/Common nothing_here
BEGIN { exit(0); }
