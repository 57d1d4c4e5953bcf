/* += of a string on an integer: D_OP_INCOMPAT */
BEGIN { x = 2; x += "s"; }
