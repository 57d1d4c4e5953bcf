/* a tag neither D nor the kernel knows is declared, incomplete */
struct node {
	int n;
	struct no_such_leaf_tag leaf;
};
BEGIN { }
