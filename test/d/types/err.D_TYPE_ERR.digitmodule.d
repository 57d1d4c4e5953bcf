/* A module's name may start with a digit (9pnet): read as a name, not a
   number, before module`type; no such module is loaded here. */
BEGIN { trace(sizeof (struct 9pnet`p9_fid)); }
