BEGIN { trace(fds[0]); }
