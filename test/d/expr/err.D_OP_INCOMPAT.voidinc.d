/* ... nor ++ or += on a void * variable. */
void *p;

BEGIN
{
	p++;
}
