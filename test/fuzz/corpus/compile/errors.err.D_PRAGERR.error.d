#pragma D error
BEGIN { exit(0); }
