BEGIN { trace(fds["0"].fi_name); }
