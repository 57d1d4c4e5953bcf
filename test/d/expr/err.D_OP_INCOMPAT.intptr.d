/* An integer variable takes no pointer without a cast. */
long addr;

BEGIN
{
	addr = curthread;
}
