/* a struct member cannot be a function */
struct ops {
	int count;
	long open(int);
};
BEGIN { }
