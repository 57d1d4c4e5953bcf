/* printf( ) with no format at all */
BEGIN { printf(); }
