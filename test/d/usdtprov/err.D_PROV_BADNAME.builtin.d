/* A provider declared in D may not take the name of a built-in one. */
provider syscall {
	probe go();
};
