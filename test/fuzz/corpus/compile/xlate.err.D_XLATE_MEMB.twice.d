struct s { int a; };
translator struct s < int x > { a = x; a = x + 1; };
