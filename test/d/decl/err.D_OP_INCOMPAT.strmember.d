/* A string member of a D struct variable takes a string, not an int. */
struct cmd { string str; int n; };
struct cmd command[int];
BEGIN { command[1].str = 42; exit(0); }
