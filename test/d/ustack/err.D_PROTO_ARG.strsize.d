BEGIN { ustack(5, "wide"); }
