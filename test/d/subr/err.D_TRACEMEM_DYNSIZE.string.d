/* tracemem( ) argument #3 must be an integer */
BEGIN { tracemem("abc", 4, "x"); }
