/* Keys are integers, pointers or strings, not doubles. */
double d; BEGIN { @[d] = count(); }
