enum e { A = x };
