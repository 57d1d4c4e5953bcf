/* an assignment in a later clause does not count: DTrace checks the
   clauses in order */
BEGIN { n *= 2; }
END { n = 1; }
