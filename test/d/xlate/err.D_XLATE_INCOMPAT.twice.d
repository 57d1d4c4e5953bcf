/* The second expression of a member given twice is checked too. */
struct s { int a; };
translator struct s < int x > { a = x; a = "text"; };
