BEGIN { trace('ab
'); exit(0); }
