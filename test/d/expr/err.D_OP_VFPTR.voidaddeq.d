/* += on a void * variable: no known size to add by, D_OP_VFPTR */
void *p;

BEGIN
{
	p += 1;
}
