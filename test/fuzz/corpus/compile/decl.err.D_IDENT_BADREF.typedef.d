typedef int t; BEGIN { x = t; }
