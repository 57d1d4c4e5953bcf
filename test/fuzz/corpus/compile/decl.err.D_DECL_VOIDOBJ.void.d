void v;
BEGIN { }
