BEGIN { ustack(128); }
