/* The D library's curpsinfo is a translated pointer too: no cast. */
BEGIN { trace((void *)xlate <psinfo_t *> (curthread)); exit(0); }
