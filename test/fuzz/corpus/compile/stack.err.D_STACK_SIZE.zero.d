BEGIN { stack(0); }
