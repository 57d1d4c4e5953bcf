/* A provider name may not end with a digit: the process id follows it. */
provider myprov2 {
	probe go();
};
