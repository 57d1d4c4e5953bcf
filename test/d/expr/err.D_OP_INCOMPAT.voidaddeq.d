/* += on a void * variable: no pointer arithmetic, D_OP_INCOMPAT */
void *p;

BEGIN
{
	p += 1;
}
