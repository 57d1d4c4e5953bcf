BEGIN { trace(progenyof("init")); }
