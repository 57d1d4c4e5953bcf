#pragma D depends_on provider nosuch
BEGIN { }
