/* #pragma D names one of D's pragmas. */
#pragma D nonsense now
BEGIN { exit(0); }
