BEGIN { stack(128); }
