struct s { int a; };
translator struct s < int x > { a = x; };
translator struct s < int y > { a = y; };
