/* print() of an integer: DTrace's print() takes a pointer */
BEGIN { print(1); }
