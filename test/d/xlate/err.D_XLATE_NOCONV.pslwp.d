/* psinfo_t's pr_lwp, a whole lwpsinfo_t, is declared, not translated. */
BEGIN { trace(curpsinfo->pr_lwp.pr_lwpid); exit(0); }
