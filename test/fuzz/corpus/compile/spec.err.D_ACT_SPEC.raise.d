BEGIN { s = speculation(); speculate(s); raise(SIGUSR1); }
