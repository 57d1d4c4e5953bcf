/* trace() of an aggregation: a dynamic expression, as DTrace tags it */
BEGIN { @a = count(); }
END { trace(@a); }
