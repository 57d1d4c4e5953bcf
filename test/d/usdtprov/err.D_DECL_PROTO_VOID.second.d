/* void stands alone for no arguments */
provider vp {
	probe a(int, void);
};
