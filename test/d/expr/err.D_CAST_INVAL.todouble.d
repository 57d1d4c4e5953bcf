/* An integer does not become a double by a cast (that would be arithmetic). */
BEGIN { trace((double)1); }
