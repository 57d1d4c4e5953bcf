/* a call names a function: (1) is none */
BEGIN { x = (1)(2); }
