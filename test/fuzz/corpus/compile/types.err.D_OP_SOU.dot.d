BEGIN { trace(curthread.pid); }
