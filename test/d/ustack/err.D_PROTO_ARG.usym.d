BEGIN { usym("main"); }
