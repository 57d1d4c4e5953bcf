/* pr_name is char[16] in lwpsinfo_t: index 16 is past it. */
BEGIN { trace(curlwpsinfo->pr_name[16]); }
