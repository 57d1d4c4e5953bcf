/* an aggregation with keys, named whole, is as dynamic */
BEGIN { @a["x", 1] = sum(3); }
END { trace(@a); }
