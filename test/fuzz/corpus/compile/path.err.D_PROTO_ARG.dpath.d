BEGIN { trace(d_path(curthread)); }
