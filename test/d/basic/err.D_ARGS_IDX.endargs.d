/* END has no arguments: args[ ] of it is out of range. */
END
{
	trace(args[1]);
}
