BEGIN { trace(d_path()); }
