/* curpsinfo, an inline that is a translated pointer, cast to an integer. */
BEGIN { trace((uintptr_t)curpsinfo); exit(0); }
