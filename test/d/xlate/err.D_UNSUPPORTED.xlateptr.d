struct s { int a; };
translator struct s < int x > { a = x; };
/* a pointer to a translated struct, not dereferenced */
BEGIN { trace(xlate <struct s *> (1)); }
