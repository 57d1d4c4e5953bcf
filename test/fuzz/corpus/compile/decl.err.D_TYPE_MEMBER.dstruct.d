struct b { int x; };
BEGIN { trace(((struct b *)curthread)->y); }
