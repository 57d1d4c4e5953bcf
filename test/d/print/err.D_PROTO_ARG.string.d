/* print() of a string: not a pointer, as DTrace's prototype wants */
BEGIN { print(execname); }
