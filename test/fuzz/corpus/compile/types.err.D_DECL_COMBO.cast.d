BEGIN { x = (char int short)1; }
