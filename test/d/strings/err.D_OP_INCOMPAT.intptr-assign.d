/* Only a char * takes a string's address: an int * does not. */
int *ip;

BEGIN
{
	ip = probename;
}
