/* uregs is an array: it needs an index */
BEGIN { trace(uregs); }
