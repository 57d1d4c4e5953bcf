struct s { int a; };
translator struct s < int x > { a = "text"; };
BEGIN { trace(xlate <struct s> (1).a); }
