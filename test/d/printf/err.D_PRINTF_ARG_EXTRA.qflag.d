/* the ? flag takes the place of a width: a value more is one too many */
BEGIN { printf("%?x\n", 1, 2); }
