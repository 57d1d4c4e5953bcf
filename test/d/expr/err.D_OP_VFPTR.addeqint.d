/* += of a pointer to an integer variable: the left must be a pointer
   of known size (DTrace says D_OP_VFPTR). */
BEGIN
{
	x = 1;
	x += curthread;
}
