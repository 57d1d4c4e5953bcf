typedef int t; BEGIN { t = 1; }
