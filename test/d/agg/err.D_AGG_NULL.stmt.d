/* an aggregation alone as a statement does nothing */
BEGIN { @a = count(); @a; }
