#pragma D option
BEGIN { exit(0); }
