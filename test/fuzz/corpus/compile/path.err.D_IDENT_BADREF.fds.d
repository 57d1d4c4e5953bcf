BEGIN { trace(fds); }
