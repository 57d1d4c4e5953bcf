/* args[] is a built-in variable: it cannot be written */
syscall::read:entry { args[0] = 1; }
