/* Only a library file may depend on another library. */
#pragma D depends_on library net.d
BEGIN { exit(0); }
