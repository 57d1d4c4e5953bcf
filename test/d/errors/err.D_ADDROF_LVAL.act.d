/* & of an action: no lvalue */
BEGIN { x = &trace(1); }
