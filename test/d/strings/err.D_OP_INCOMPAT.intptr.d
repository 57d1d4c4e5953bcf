/* Only a char * is promoted to a string: an int * compared with one is not. */
BEGIN
{
	this->p = (int *)&curthread->comm[0];
	trace(this->p == "dtrace");
}
