/* C storage classes mean nothing in D */
static int x;
BEGIN { }
