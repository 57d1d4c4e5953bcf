/* The first pointer a variable takes fixes its kind for the whole
   program: here another pointer, then, in a later clause, alloca()'s. */
BEGIN
{
	q = (char *)curthread + 8;
}

BEGIN
{
	q = (char *)alloca(4);
}
