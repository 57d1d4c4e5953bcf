/* depends_on takes a provider, a module or a library. */
#pragma D depends_on program foo
BEGIN { exit(0); }
