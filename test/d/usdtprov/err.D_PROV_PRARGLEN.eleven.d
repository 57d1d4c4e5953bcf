/* A probe has at most 10 arguments (args[0] .. args[9]). */
provider myprov {
	probe go(int, int, int, int, int, int, int, int, int, int, int);
};
