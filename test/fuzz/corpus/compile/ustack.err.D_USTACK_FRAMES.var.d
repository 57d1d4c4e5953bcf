int x; BEGIN { ustack(x); }
