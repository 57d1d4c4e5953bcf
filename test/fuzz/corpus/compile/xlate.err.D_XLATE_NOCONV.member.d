struct s { int a; int b; };
translator struct s < int x > { a = x; };
BEGIN { trace(xlate <struct s> (1).b); }
