/* an array of one key used with none */
BEGIN { one["k"] = 1; }
END { trace(one[""] + one["a", "b"]); }
