BEGIN { exit(); }
