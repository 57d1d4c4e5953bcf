/* breakpoint( ) in a speculative clause is the speculation error */
#pragma D option destructive
BEGIN { s = speculation(); speculate(s); breakpoint(); }
