#pragma D frobnicate
BEGIN { exit(0); }
