/* * of an action */
BEGIN { x = *trace(1); }
