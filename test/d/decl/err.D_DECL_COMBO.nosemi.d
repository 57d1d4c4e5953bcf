/* the ; after a definition left out: two types */
union u {
	int a;
}
struct s {
	int b;
};
BEGIN { }
