/* A negative constant index of a translated char array. */
BEGIN { trace(curpsinfo->pr_fname[-1]); }
