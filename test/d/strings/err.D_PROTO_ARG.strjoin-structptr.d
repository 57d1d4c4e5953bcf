/* A pointer to a struct is not a string argument (a void * is). */
BEGIN
{
	trace(strjoin((struct task_struct *)curthread, "x"));
}
