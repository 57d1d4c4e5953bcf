/*
 * lwpsinfo_t declares Solaris's pr_cpu, as DTrace for Linux does, but
 * Linux has no value for it: the translator defines no conversion.
 */
BEGIN { trace(curlwpsinfo->pr_cpu); exit(0); }
