/* A translated argument names a native argument that does not exist. */
provider myprov {
	probe go(char *path, int n) : (string name);
};
