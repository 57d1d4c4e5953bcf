/* A built-in variable is defined outside the program: its attributes
   cannot be set. */
#pragma D attributes Private/Unstable/ISA pid
BEGIN { exit(0); }
