/* two precisions in one conversion */
BEGIN
{
	printf("%5.1.2d\n", 1);
}
