/* The D library's curlwpsinfo, a translated pointer, as a statement. */
BEGIN
{
	curlwpsinfo;
	exit(0);
}
