/* offsetof() of a struct tag nothing declares: no struct type (DTrace) */
BEGIN { trace(offsetof(struct no_such_tag_here, x)); }
