BEGIN { trace("abc
"); }
