BEGIN { n = 3; stack(n); }
