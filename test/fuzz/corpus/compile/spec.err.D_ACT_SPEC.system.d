BEGIN { s = speculation(); speculate(s); system("true"); }
