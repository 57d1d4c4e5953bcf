/* An inline of curpsinfo declared as another translated type. */
inline lwpsinfo_t *mine = curpsinfo;
BEGIN { trace(mine->pr_lwpid); exit(0); }
