/* More translated arguments than native ones, without names. */
provider myprov {
	probe go(int) : (int, int);
};
