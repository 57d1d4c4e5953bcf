union b { int; };
