/* the size is a size_t: -1 is too large */
BEGIN { this->a = alloca(-1); }
