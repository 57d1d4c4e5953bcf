/* psinfo_t's pr_start is declared, not translated. */
BEGIN { trace(curpsinfo->pr_start.tv_sec); exit(0); }
