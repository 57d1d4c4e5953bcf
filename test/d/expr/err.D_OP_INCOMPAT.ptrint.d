/* A variable of pointer type takes no integer but 0: the conversion needs
   a cast. */
BEGIN
{
	self->t = curthread;
	self->t = 5;
}
