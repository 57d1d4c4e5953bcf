/* char and int are two types */
BEGIN { x = (int char)1; }
