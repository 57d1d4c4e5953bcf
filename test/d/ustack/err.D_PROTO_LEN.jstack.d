BEGIN { jstack(1, 2, 3); }
