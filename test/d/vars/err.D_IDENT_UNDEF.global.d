BEGIN { trace(nothing); }
