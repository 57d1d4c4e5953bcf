/* print() of a double value: not a pointer to one */
double d;
BEGIN { print(d); }
