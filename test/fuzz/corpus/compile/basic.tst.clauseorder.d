#pragma D option quiet
BEGIN { printf("one\n"); }
BEGIN { printf("two\n"); }
BEGIN /1 == 0/ { printf("never\n"); }
BEGIN { printf("three\n"); exit(0); }
END { printf("end\n"); }
