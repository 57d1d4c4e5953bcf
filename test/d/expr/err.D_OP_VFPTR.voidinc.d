/* ++ on a void * variable: DTrace's known-size check of ++ and -- */
void *p;

BEGIN
{
	p++;
}
