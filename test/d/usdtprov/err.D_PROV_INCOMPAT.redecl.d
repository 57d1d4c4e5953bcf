/* A provider declared again: its probes must keep their types. */
provider myprov {
	probe go(int, char *);
};
provider myprov {
	probe stop();
	probe go(int, int);
};
