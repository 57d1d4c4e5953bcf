BEGIN { trace(&pid); }
