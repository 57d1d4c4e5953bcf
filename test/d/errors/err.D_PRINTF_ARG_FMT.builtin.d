/* a string that is no constant (probename) is D_PRINTF_ARG_FMT, as in DTrace */
BEGIN { printf(probename); }
