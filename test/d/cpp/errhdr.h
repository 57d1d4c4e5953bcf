/*
 * errhdr.h: a header with a D error on line 7, for tst.errline.sh.
 */
BEGIN
{
	trace(1);
	trace(nosucharray[1]);
}
