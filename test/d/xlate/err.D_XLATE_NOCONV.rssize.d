/* psinfo_t's pr_rssize in a predicate: declared, not translated. */
BEGIN /curpsinfo->pr_rssize > 0/ { exit(0); }
