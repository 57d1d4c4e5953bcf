BEGIN { exit("s"); }
