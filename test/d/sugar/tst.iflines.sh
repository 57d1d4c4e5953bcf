# Without -q, each part of a clause split by if prints its own probe
# line, as separate clauses do: the statements before the if, the
# branch taken, and those after it; a branch not taken prints nothing.
# A description matches its probe once, however many parts there are.
$DTRACE -n 'BEGIN { trace(1); if (0) { trace(9); } else { trace(2); }
    trace(3); exit(0); }' 2>&1 | sed -E 's/^ +[0-9]+ +[0-9]+ +/CPU ID /'
