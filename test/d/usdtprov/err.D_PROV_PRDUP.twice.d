/* A probe declared twice in one provider declaration. */
provider myprov {
	probe go(int);
	probe stop();
	probe go(int);
};
