BEGIN { trace("\xz"); }
