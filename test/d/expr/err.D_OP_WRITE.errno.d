BEGIN { EPERM = 3; exit(0); }
