BEGIN { trace("\q"); }
