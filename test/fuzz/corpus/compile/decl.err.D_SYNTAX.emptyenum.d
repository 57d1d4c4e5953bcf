enum { };
