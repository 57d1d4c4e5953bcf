BEGIN { trace('abcdefghi'); exit(0); }
