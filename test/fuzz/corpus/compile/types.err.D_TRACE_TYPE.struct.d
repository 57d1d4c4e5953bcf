BEGIN { trace(curthread->se); }
