/* and of +=, after an integer */
BEGIN { x = 2; x += trace(1); }
