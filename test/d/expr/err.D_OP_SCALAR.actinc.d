/* ++ of an action: not a scalar, checked before the lvalue */
BEGIN { trace(1)++; }
