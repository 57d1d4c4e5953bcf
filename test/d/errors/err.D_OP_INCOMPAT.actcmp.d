/* nor of a comparison */
BEGIN { x = printf("a") == 1; }
