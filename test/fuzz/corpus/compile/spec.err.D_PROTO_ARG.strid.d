/* the id is an integer */
BEGIN
{
	commit("1");
}
