/* a struct larger than a record can hold */
BEGIN { trace(*(struct pglist_data *)0); }
