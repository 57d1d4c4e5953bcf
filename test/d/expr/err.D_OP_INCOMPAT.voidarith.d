/* No arithmetic on void *: it points to nothing of a known size. */
BEGIN
{
	trace((void *)curthread + 8);
}
