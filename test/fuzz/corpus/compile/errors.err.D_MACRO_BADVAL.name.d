/* $0 is the name of the script, not an integer: $$0 would be right. */
BEGIN { trace($0); }
