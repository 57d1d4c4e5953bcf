BEGIN { trace($1); }
