/* a folded divisor of /= too */
inline int EIGHT = 8;
BEGIN { y = 5; y /= (EIGHT - 2 * 4); }
