BEGIN { trace(!"s"); }
