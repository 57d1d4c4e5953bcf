/* void, no arguments, has no name */
provider vp {
	probe a(void x);
};
