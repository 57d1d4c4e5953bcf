/* offsetof()'s first operand is a type name: a variable is a syntax error */
int x;
BEGIN { trace(offsetof(x, y)); }
