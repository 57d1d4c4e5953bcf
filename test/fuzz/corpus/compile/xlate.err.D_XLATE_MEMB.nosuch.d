struct s { int a; };
translator struct s < int x > { b = x; };
