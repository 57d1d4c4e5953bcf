/* short goes with integers only */
short enum e { A, B };
BEGIN { }
