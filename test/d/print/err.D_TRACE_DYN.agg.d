/* trace( ) of an aggregation: of DTrace's dynamic type, D_TRACE_DYN */
BEGIN { @a = count(); }
END { trace(@a); }
