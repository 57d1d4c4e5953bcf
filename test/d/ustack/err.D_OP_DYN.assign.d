BEGIN { x = ustack(); }
