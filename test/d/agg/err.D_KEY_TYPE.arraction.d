/* nor an associative array key */
BEGIN
{
	x[printf("k")] = 1;
}
