/* A provider's attributes are for one of its five parts. */
#pragma D attributes Stable/Stable/Common provider syscall bogus
BEGIN { exit(0); }
