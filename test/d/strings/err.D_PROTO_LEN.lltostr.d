/* lltostr( ) takes a value and an optional base */
BEGIN { trace(lltostr(1, 10, 2)); }
