BEGIN { trace((void)1); }
