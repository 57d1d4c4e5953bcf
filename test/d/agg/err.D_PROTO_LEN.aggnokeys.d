/* an aggregation first used without keys takes none later: 1 key passed,
   0 expected, as DTrace checks an aggregation's keys like an array's */
BEGIN { @a = count(); @a[1] = count(); }
