BEGIN { nosuchfunc(1); }
