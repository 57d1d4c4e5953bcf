/* A program's own translator: its char[4] member takes indexes 0 to 3. */
struct s { char tag[4]; };
translator struct s < int x > { tag = "abc"; };
BEGIN { trace(xlate <struct s> (1).tag[4]); }
