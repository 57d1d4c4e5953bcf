/* copyout( ) takes a buffer, an address and a size */
BEGIN { copyout(0, 1); }
