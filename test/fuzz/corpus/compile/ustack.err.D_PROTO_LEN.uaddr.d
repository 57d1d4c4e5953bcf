BEGIN { uaddr(); }
