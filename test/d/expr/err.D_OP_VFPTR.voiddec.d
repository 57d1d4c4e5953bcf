/* -- before a void * */
BEGIN
{
	this->p = (void *)curthread;
	--this->p;
}
