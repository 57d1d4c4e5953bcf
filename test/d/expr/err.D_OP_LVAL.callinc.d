/* ++ of a subroutine's integer: a scalar, but no lvalue */
BEGIN { x = strlen("abc")++; }
