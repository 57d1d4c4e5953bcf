/* a conversion cut short at the end of the format */
BEGIN { printf("%-12", 1); }
