#pragma D option quiet
BEGIN { i = 10; s = "abc"; }
BEGIN { i += 5; i *= 2; j = i--; printf("%d %d %s\n", i, j, s); }
BEGIN { s = "xyz"; t = s; printf("%s %s %d\n", s, t, s == t); exit(0); }
