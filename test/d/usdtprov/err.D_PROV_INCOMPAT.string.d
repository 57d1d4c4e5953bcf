/* A translated string is of a char pointer, not of an int. */
provider myprov {
	probe go(int n) : (string n);
};
