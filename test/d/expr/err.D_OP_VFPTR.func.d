/* A function has no size to move a pointer to it by. */
BEGIN
{
	f = ((struct file_operations *)0)->read;
	g = f + 1;
}
