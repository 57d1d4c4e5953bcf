struct b { int x; 
  42; };
