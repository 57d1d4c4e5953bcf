BEGIN { normalize(1, 2); }
