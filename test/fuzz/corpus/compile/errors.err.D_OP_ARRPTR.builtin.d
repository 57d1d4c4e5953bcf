BEGIN { trace(timestamp[0]); }
