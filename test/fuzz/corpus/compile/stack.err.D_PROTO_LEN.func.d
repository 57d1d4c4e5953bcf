BEGIN { func(); }
