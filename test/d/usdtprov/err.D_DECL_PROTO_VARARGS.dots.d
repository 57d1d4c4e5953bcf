/* a probe takes a fixed list of arguments */
provider vp {
	probe a(int, ...);
};
