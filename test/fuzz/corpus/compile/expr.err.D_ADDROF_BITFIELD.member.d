struct b { int x : 3; };
BEGIN { trace(&((struct b *)curthread)->x); }
