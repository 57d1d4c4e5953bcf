#pragma D option quiet
/*
 * exit() from a tick probe: the later clauses of that firing do not run,
 * and the probe fires no more (tick-1ms fires on one CPU, one firing at a
 * time); END sees one firing.
 */
tick-1ms { n++; }
tick-1ms { exit(0); }
tick-1ms { after++; }
END { printf("ticks %d, clauses after exit %d\n", n, after); }
