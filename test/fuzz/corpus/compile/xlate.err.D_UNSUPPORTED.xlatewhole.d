struct s { int a; };
translator struct s < int x > { a = x; };
BEGIN { trace(xlate <struct s> (1)); }
