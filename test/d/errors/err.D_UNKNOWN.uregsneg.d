/* An index below 0 is out of uregs[]'s bounds: DTrace's D_UNKNOWN */
BEGIN { trace(uregs[-1]); }
