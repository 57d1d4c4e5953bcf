/* A translated pointer as the whole value of a statement: D_CG_DYN. */
BEGIN
{
	xlate <lwpsinfo_t *> (curthread);
	exit(0);
}
