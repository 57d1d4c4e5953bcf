/* An inline cannot use itself: the name is not defined yet in its own
   expression, even when nothing uses the inline. */
inline int depth = 1 + (depth > 2 ? 0 : 1);
