struct s {
	int s_a : 3;
};

BEGIN
{
	x = sizeof (((struct s *)0)->s_a);
}
