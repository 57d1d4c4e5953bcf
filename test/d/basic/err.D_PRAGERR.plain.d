/* #pragma error, with or without D, stops the compilation. */
#pragma error "not on this system"
BEGIN { exit(0); }
